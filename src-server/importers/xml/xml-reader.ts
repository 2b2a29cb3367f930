import { createReadStream } from 'node:fs'
import { TrackFileError } from '../track-file-error'
import { XmlDoctypeError, XmlScanner, XmlSyntaxError, type XmlScanHandler } from './xml-scanner'

/** Receives the elements of an XML document as they are read. Names are local (prefix removed). */
export type XmlHandler = XmlScanHandler

/** Chunk size when streaming a file: large enough to keep per-chunk overhead negligible. */
const CHUNK_BYTES = 1 << 18

/** Track handlers already have the scanner's shape. */
function scannerFor(handler: XmlHandler): XmlScanner {
  return new XmlScanner(handler)
}

/** Turns scanner errors into catalogued errors; anything else (handler errors, I/O) passes through. */
function xmlError(error: unknown): unknown {
  if (error instanceof XmlDoctypeError) return new TrackFileError('track_xml_doctype', error.message)
  if (error instanceof XmlSyntaxError) return new TrackFileError('track_xml_invalid', error.message)
  return error
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/**
 * Streams an XML file from disk into `handler` in bounded chunks (see `xml-scanner.ts` for what
 * is checked: well-formedness, predefined entities only, no DTD, bounded markup).
 * @throws TrackFileError `track_xml_invalid` (detail: the error and its character offset) or
 *   `track_xml_doctype`; errors thrown by the handler pass through unchanged.
 */
export async function readXmlFile(path: string, handler: XmlHandler): Promise<void> {
  const scanner = scannerFor(handler)
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK_BYTES })
  let first = true
  try {
    for await (const chunk of stream) {
      if (typeof chunk !== 'string') continue
      scanner.write(first ? withoutBom(chunk) : chunk)
      first = false
    }
    scanner.close()
  } catch (error) {
    throw xmlError(error)
  } finally {
    stream.destroy()
  }
}

/** Same as {@link readXmlFile} for a document already in memory (tests, small inputs). */
export function readXmlString(xml: string, handler: XmlHandler): void {
  const scanner = scannerFor(handler)
  try {
    scanner.write(withoutBom(xml))
    scanner.close()
  } catch (error) {
    throw xmlError(error)
  }
}
