import { createReadStream } from 'node:fs'
import { SaxesParser } from 'saxes'
import { AppError } from '../../../src/errors/app-error'
import { TrackFileError } from '../track-file-error'

/** Receives the elements of an XML document as they are read. Names are local (prefix removed). */
export interface XmlHandler {
  open(name: string, attributes: Readonly<Record<string, string>>): void
  close(name: string): void
  text(text: string): void
}

/** Chunk size when streaming a file: large enough to keep per-chunk overhead negligible. */
const CHUNK_BYTES = 1 << 18

function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon < 0 ? name : name.slice(colon + 1)
}

/**
 * A non-validating XML reader on top of `saxes`. `saxes` never reads a DTD and only knows the
 * five predefined entities (plus character references), so entity bombs and external entities
 * cannot expand; a document type declaration is refused outright since no track format uses one.
 */
function createParser(handler: XmlHandler): SaxesParser {
  const parser = new SaxesParser({ xmlns: false, position: true })
  parser.on('doctype', () => {
    throw new TrackFileError('track_xml_doctype')
  })
  parser.on('opentag', (tag) => handler.open(localName(tag.name), tag.attributes))
  parser.on('closetag', (tag) => handler.close(localName(tag.name)))
  parser.on('text', (text) => handler.text(text))
  parser.on('cdata', (text) => handler.text(text))
  return parser
}

/** saxes reports well-formedness errors as `line:column: message`. */
const SAXES_ERROR = /^\d+:\d+: /

/** Turns a saxes error into `track_xml_invalid`; anything else (handler errors, I/O) passes through. */
function xmlError(error: unknown): unknown {
  if (error instanceof Error && !(error instanceof AppError) && SAXES_ERROR.test(error.message)) {
    return new TrackFileError('track_xml_invalid', error.message)
  }
  return error
}

/**
 * Streams an XML file from disk into `handler`, in bounded chunks (memory does not grow with the
 * file beyond what the handler keeps).
 * @throws TrackFileError `track_xml_invalid` (with the parser's line:column message as detail)
 *   or `track_xml_doctype`; errors thrown by the handler pass through unchanged.
 */
export async function readXmlFile(path: string, handler: XmlHandler): Promise<void> {
  const parser = createParser(handler)
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK_BYTES })
  let first = true
  try {
    for await (const chunk of stream) {
      if (typeof chunk !== 'string') continue
      // A UTF-8 byte-order mark is not part of the document.
      const text = first && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk
      first = false
      parser.write(text)
    }
    parser.close()
  } catch (error) {
    throw xmlError(error)
  } finally {
    stream.destroy()
  }
}

/** Same as {@link readXmlFile} for a document already in memory (tests, small inputs). */
export function readXmlString(xml: string, handler: XmlHandler): void {
  const parser = createParser(handler)
  try {
    parser.write(xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml)
    parser.close()
  } catch (error) {
    throw xmlError(error)
  }
}
