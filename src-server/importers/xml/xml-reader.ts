import { open, type FileHandle } from 'node:fs/promises'
import { TrackFileError } from '../track-file-error'
import { XmlCutError, XmlDoctypeError, XmlScanner, XmlSyntaxError, type XmlScanHandler } from './xml-scanner'

/** Receives the elements of an XML document as they are read. Names are local (prefix removed). */
export type XmlHandler = XmlScanHandler

/**
 * Chunk size when streaming a file: large enough that per-read overhead (a thread-pool round trip)
 * is negligible, small enough to keep memory bounded whatever the file size.
 */
const CHUNK_BYTES = 1 << 20

/** Where an XML declaration's encoding is looked for: the document's first bytes. */
const DECLARATION_BYTES = 256

/** Declared encodings read as ISO-8859-1 (and transcoded to UTF-8 for the scanner). */
const LATIN1_NAMES = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'l1', 'windows-1252', 'cp1252'])

/**
 * True when the XML declaration at the start of `head` declares a single-byte Latin encoding.
 * Old GPS software writes `encoding="ISO-8859-1"`; every other file is read as UTF-8 (and must
 * be valid UTF-8). A file that starts with a UTF-8 byte-order mark is UTF-8 whatever it declares
 * (XML 1.0 appendix F): transcoded as Latin-1, its mark would become text before the root.
 */
function declaresLatin1(head: Uint8Array): boolean {
  const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, DECLARATION_BYTES)).toString('latin1')
  const match = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(text)
  return match?.[1] !== undefined && LATIN1_NAMES.has(match[1].toLowerCase())
}

/**
 * Whether a document cut off inside its root element (see {@link XmlCutError}) is read up to the
 * cut (`'kept'`: the handler has had everything before it) or refused as invalid XML.
 */
export type CutDocuments = 'kept' | 'refused'

/**
 * How a document ended: whole, or cut off inside its root element (only when cuts are kept), with
 * the refusal a cut gets where nothing usable came before it (invalid XML, as when cuts are refused).
 */
export type XmlEnd = 'whole' | { readonly refusal: unknown }

/** How a read ended, given what the scanner threw (a cut kept ends it; anything else is rethrown catalogued). */
function endOf(error: unknown, cuts: CutDocuments): XmlEnd {
  if (error instanceof XmlCutError && cuts === 'kept') return { refusal: xmlError(error) }
  throw xmlError(error)
}

/** Turns scanner errors into catalogued errors; anything else (handler errors, I/O) passes through. */
function xmlError(error: unknown): unknown {
  if (error instanceof XmlDoctypeError) return new TrackFileError('track_xml_doctype', error.message)
  if (error instanceof XmlSyntaxError) return new TrackFileError('track_xml_invalid', error.message)
  return error
}

/**
 * Reads the next bytes of a document, in order, into `buffer` at `offset` (at most `length`):
 * how many were read, 0 at the end. A file's reads, or an upload's bytes as they arrive.
 */
export type ByteReader = (buffer: Uint8Array, offset: number, length: number) => Promise<number>

/**
 * Streams an XML document into `handler` in bounded chunks of bytes (see `xml-scanner.ts` for
 * what is checked: UTF-8, well-formedness, predefined entities only, no DTD, bounded markup).
 * @param cuts whether a document cut off inside its root element ends the read (`'cut'`) rather
 *   than being refused
 * @throws TrackFileError `track_xml_invalid` (detail: the error and its character offset) or
 *   `track_xml_doctype`; errors thrown by the handler or the reader pass through unchanged.
 */
export async function readXml(read: ByteReader, handler: XmlHandler, cuts: CutDocuments = 'refused'): Promise<XmlEnd> {
  const scanner = new XmlScanner(handler)
  try {
    // Each read lands right behind the bytes the scanner kept from the previous chunk, so no
    // chunk is copied; the buffer is reused (the scanner copies what it keeps).
    // Stryker disable next-line ArithmeticOperator: a first buffer too small is replaced before the first read (below)
    let buffer = Buffer.allocUnsafe(CHUNK_BYTES + 4096)
    let latin1: boolean | null = null
    for (;;) {
      // Stryker disable next-line ConditionalExpression: bytes not taken back stay with the scanner, which puts them in front of the next chunk itself
      const pending = latin1 === true ? null : scanner.takePending()
      const kept = pending?.length ?? 0
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a new buffer of the same size for a chunk is one allocation more
      if (kept + CHUNK_BYTES > buffer.length) buffer = Buffer.allocUnsafe(kept + CHUNK_BYTES)
      if (pending) pending.copy(buffer, 0)
      let bytesRead = await read(buffer, kept, CHUNK_BYTES)
      if (latin1 === null) {
        // The declaration is judged on the document's first bytes, however few the first read
        // gave (an upload's first packet may be a handful): nothing is kept before them.
        for (let more = bytesRead; more > 0 && bytesRead < DECLARATION_BYTES; bytesRead += more) {
          // Stryker disable next-line ArithmeticOperator: up to 2 × 255 bytes more still fit in the 4,096 spare ones, only making the first chunk longer
          more = await read(buffer, bytesRead, CHUNK_BYTES - bytesRead)
        }
        latin1 = declaresLatin1(buffer.subarray(0, bytesRead))
      }
      if (bytesRead === 0) {
        // End of file: give the kept bytes back for close() to judge.
        // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty chunk written scans nothing
        if (kept > 0) scanner.write(Buffer.from(buffer.subarray(0, kept)))
        break
      }
      const chunk = buffer.subarray(latin1 ? kept : 0, kept + bytesRead)
      scanner.write(latin1 ? Buffer.from(chunk.toString('latin1')) : chunk)
    }
    scanner.close()
    return 'whole'
  } catch (error) {
    return endOf(error, cuts)
  }
}

/** The {@link ByteReader} of an open file, from its current position. */
export function fileReader(file: FileHandle): ByteReader {
  return async (buffer, offset, length) => (await file.read(buffer, offset, length, null)).bytesRead
}

/** {@link readXml} of a file on disk. */
export async function readXmlFile(path: string, handler: XmlHandler): Promise<void> {
  const file = await open(path, 'r')
  try {
    await readXml(fileReader(file), handler)
  } finally {
    await file.close()
  }
}

/** Same as {@link readXmlFile} for a document already in memory, given in one or more chunks. */
export function readXmlChunks(chunks: Iterable<Uint8Array>, handler: XmlHandler, cuts: CutDocuments = 'refused'): XmlEnd {
  const scanner = new XmlScanner(handler)
  try {
    for (const chunk of chunks) scanner.write(chunk)
    scanner.close()
    return 'whole'
  } catch (error) {
    return endOf(error, cuts)
  }
}

/** Same as {@link readXmlFile} for a document already in memory (tests, small inputs). */
export function readXmlString(xml: string, handler: XmlHandler): void {
  readXmlChunks([Buffer.from(xml)], handler)
}
