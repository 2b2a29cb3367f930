import { open } from 'node:fs/promises'
import type { TrackFormat } from '../../src/domain/track'
import { TrackFileError } from './track-file-error'

/** Bytes read to recognise a file: enough for an XML prolog, comments and the root tag. */
const SNIFF_BYTES = 4096

/** True when `bytes` start with a FIT file header (size 12 or 14, then `.FIT` at offset 8). */
function looksLikeFit(bytes: Uint8Array): boolean {
  const headerSize = bytes[0]
  return (
    (headerSize === 12 || headerSize === 14) &&
    bytes.length >= 12 &&
    bytes[8] === 0x2e &&
    bytes[9] === 0x46 &&
    bytes[10] === 0x49 &&
    bytes[11] === 0x54
  )
}

/**
 * The local name of the first element of an XML text, skipping the prolog, comments, processing
 * instructions and a doctype; `null` when none is found in the text.
 */
function xmlRootName(text: string): string | null {
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '')
  const match = /<([A-Za-z_][\w.:-]*)/.exec(body)
  if (!match?.[1]) return null
  const name = match[1]
  return name.slice(name.indexOf(':') + 1)
}

/**
 * Recognises a track file by its content (never by its name, which uploads do not guarantee).
 * @throws TrackFileError `track_file_empty`, `track_format_unsupported`, or `track_xml_invalid`
 *   for XML whose root cannot be found
 */
export function detectFormat(head: Uint8Array): TrackFormat {
  if (head.length === 0) throw new TrackFileError('track_file_empty')
  if (looksLikeFit(head)) return 'fit'
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head)
  if (!/^\uFEFF?\s*</.test(text)) {
    if (text.trim() === '') throw new TrackFileError('track_file_empty', 'only whitespace')
    throw new TrackFileError('track_format_unsupported', 'neither XML nor FIT')
  }
  const root = xmlRootName(text)
  if (root === null) {
    // Either a truncated document or a prolog longer than the sniffed bytes: both unreadable here.
    throw new TrackFileError('track_xml_invalid', 'no root element found')
  }
  if (root === 'gpx') return 'gpx'
  if (root === 'TrainingCenterDatabase') return 'tcx'
  if (root === 'kml') return 'kml'
  throw new TrackFileError('track_format_unsupported', `XML root <${root}>`)
}

/** Reads the first bytes of a file and recognises its format (see {@link detectFormat}). */
export async function detectFileFormat(path: string): Promise<TrackFormat> {
  const file = await open(path, 'r')
  try {
    const buffer = new Uint8Array(SNIFF_BYTES)
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0)
    return detectFormat(buffer.subarray(0, bytesRead))
  } finally {
    await file.close()
  }
}
