import { fitCrc } from '../fit/fit-reader'

/**
 * A large FIT activity written the way that used to defeat the import's memory budget: after one
 * full record, every record has a compressed-timestamp header (one second later) and a developer
 * field, the layout the old fast reader left to fit-file-parser, which then built every message
 * as objects before any budget applied. Each record is `bytesPerRecord` bytes: 3 (heart rate
 * only) up to 10 (positions on a straight line, so it is a real ride when under the budget).
 * `untimed` more compressed-timestamp records come first, before any timestamp: records without
 * a time, which are no points.
 */
export function craftedFit(records: number, bytesPerRecord: 3 | 10, untimed = 0): Buffer {
  const withPosition = bytesPerRecord === 10
  // file_id (activity), a record definition with timestamp, one without (compressed records).
  const fileIdDefinition = [0x40, 0, 0, 0, 0, 1, 0, 1, 0x00]
  const fileId = [0x00, 4]
  const fields = withPosition ? [0, 4, 0x85, 1, 4, 0x85] : [3, 1, 0x02]
  const fieldCount = withPosition ? 2 : 1
  const fullDefinition = [0x60 | 1, 0, 0, 20, 0, fieldCount + 1, 253, 4, 0x86, ...fields, 1, 0, 1, 0]
  const compressedDefinition = [0x60 | 2, 0, 0, 20, 0, fieldCount, ...fields, 1, 0, 1, 0]
  const head = [...fileIdDefinition, ...fileId, ...fullDefinition, ...compressedDefinition]
  const recordSize = withPosition ? 10 : 3
  const dataSize = head.length + (1 + 4 + recordSize - 1) + (records - 1 + untimed) * recordSize
  const bytes = Buffer.alloc(14 + dataSize + 2)
  bytes[0] = 14
  bytes[1] = 0x20
  bytes.writeUInt16LE(2132, 2)
  bytes.writeUInt32LE(dataSize, 4)
  bytes.write('.FIT', 8, 'latin1')
  bytes.writeUInt16LE(fitCrc(bytes, 0, 12), 12)
  let at = 14
  for (const byte of head) bytes[at++] = byte
  // 2024-05-01T00:00:00Z in FIT seconds.
  const start = Date.UTC(2024, 4, 1) / 1000 - 631_065_600
  const body = (i: number): void => {
    if (withPosition) {
      bytes.writeInt32LE(Math.round(((45 + i * 5e-5) * 2 ** 31) / 180), at)
      bytes.writeInt32LE(Math.round((6 * 2 ** 31) / 180), at + 4)
      at += 8
    } else {
      bytes[at++] = 120 + (i % 40)
    }
    bytes[at++] = 7 // the developer field
  }
  for (let i = 0; i < untimed; i++) {
    bytes[at++] = 0x80 | (2 << 5)
    body(0)
  }
  bytes[at++] = 1
  bytes.writeUInt32LE(start, at)
  at += 4
  body(0)
  for (let i = 1; i < records; i++) {
    bytes[at++] = 0x80 | (2 << 5) | ((start + i) & 0x1f)
    body(i)
  }
  bytes.writeUInt16LE(fitCrc(bytes, 0, at), at)
  return bytes
}
