import { gunzipSync } from 'node:zlib'
import { CHART_DECIMALS, CHART_FIELDS, chartPointsOf, type ChartColumns, type ChartField, type ChartPoint } from '../../src/domain/analysis'

/** A chart as stored in version 2: one array per field (a point's values at its index). */
type ChartVersion2 = { readonly v: 2 } & Partial<Record<ChartField, readonly (number | null)[]>>

/** The first bytes of a chart stored by {@link packChart} (`WC3`); gzip, of the earlier JSON versions, starts `1f 8b`. */
const MAGIC = [0x57, 0x43, 0x33] as const
/** A column whose values are not all integers over its 10^decimals, stored as doubles. */
const RAW = 0xff

/** Bytes written one after another into a buffer that grows when asked ({@link reserve}): the writes do not check. */
class ByteWriter {
  private bytes: Uint8Array
  /** Bytes written so far. */
  length = 0

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity)
  }

  /** Makes room for `extra` more bytes. */
  reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra))
    next.set(this.bytes.subarray(0, this.length))
    this.bytes = next
  }

  byte(value: number): void {
    this.bytes[this.length++] = value
  }

  /** A whole number in [0, 2^54), 7 bits a byte, least significant first (at most 8 bytes). */
  varint(value: number): void {
    let rest = value
    while (rest > 0x7fffffff) {
      this.bytes[this.length++] = (rest % 0x80) | 0x80
      rest = Math.floor(rest / 0x80)
    }
    while (rest >= 0x80) {
      this.bytes[this.length++] = (rest & 0x7f) | 0x80
      rest >>>= 7
    }
    this.bytes[this.length++] = rest
  }

  double(value: number): void {
    new DataView(this.bytes.buffer, this.bytes.byteOffset + this.length, 8).setFloat64(0, value, true)
    this.length += 8
  }

  result(): Buffer {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.length)
  }
}

/** Reads what {@link ByteWriter} wrote. */
class ByteReader {
  private at = 0
  private readonly view: DataView

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }

  byte(): number {
    if (this.at >= this.bytes.length) throw new Error('stored chart cut short')
    return this.bytes[this.at++] ?? 0
  }

  varint(): number {
    let value = 0
    let scale = 1
    for (;;) {
      const byte = this.byte()
      value += (byte & 0x7f) * scale
      if (byte < 0x80) return value
      scale *= 0x80
    }
  }

  double(): number {
    if (this.at + 8 > this.bytes.length) throw new Error('stored chart cut short')
    const value = this.view.getFloat64(this.at, true)
    this.at += 8
    return value
  }
}

/** Steps between integers that {@link packChart} writes: their zigzag code stays a safe integer. */
const MAX_STEP = 2 ** 51

/**
 * Writes a column as integers over `factor`, each as the zigzag step from the previous one plus 1
 * (0 for null), in one pass; false (part written) unless each value divides back to exactly itself
 * and lies within {@link MAX_STEP} of the one before.
 */
function writeScaled(out: ByteWriter, values: readonly number[], factor: number): boolean {
  // A step below 2^52 takes at most 8 bytes.
  out.reserve(values.length * 8)
  let previous = 0
  for (let i = 0; i < values.length; i++) {
    const value = values[i] ?? Number.NaN
    if (Number.isNaN(value)) {
      out.byte(0)
      continue
    }
    const integer = Math.round(value * factor)
    if (!Number.isSafeInteger(integer) || integer / factor !== value || Math.abs(integer - previous) >= MAX_STEP) return false
    const step = integer - previous
    // Zigzag: small steps either way take few bytes; 0 stands for null.
    out.varint((step >= 0 ? step * 2 : -step * 2 - 1) + 1)
    previous = integer
  }
  return true
}

/**
 * A workout's chart series as stored (`workout_track.chart`, version 3): each field's values are
 * integers over 10^decimals (`CHART_DECIMALS`, the rounding `chartSeries` applies), written as
 * the difference from the previous value in a variable number of bytes (0 for null). Dividing the
 * integers back gives the very same numbers, and no number becomes text: the JSON text and its
 * gzip (version 2) were the largest fixed cost of importing a small file. A column that is not
 * all such integers is written as doubles.
 */
export function packChart(chart: ChartColumns): Buffer {
  const out = new ByteWriter(16 + chart.size * 16)
  for (const byte of MAGIC) out.byte(byte)
  out.varint(chart.size)
  // An empty chart lists no field (as when its fields were read off its first point).
  const present = chart.size === 0 ? [] : CHART_FIELDS.filter((field) => chart.columns[field] !== undefined)
  out.byte(present.length)
  for (const field of present) {
    const values = chart.columns[field] ?? []
    const decimals = CHART_DECIMALS[field]
    out.reserve(2)
    out.byte(CHART_FIELDS.indexOf(field))
    const start = out.length
    out.byte(decimals)
    if (writeScaled(out, values, 10 ** decimals)) continue
    // Not all such integers: the column again, as doubles.
    out.length = start
    out.reserve(1 + values.length * 8)
    out.byte(RAW)
    for (const value of values) out.double(value)
  }
  return out.result()
}

/** The columns of a version 3 chart (see {@link packChart}). */
function unpackColumns(stored: Uint8Array): ChartColumns {
  const input = new ByteReader(stored)
  for (const byte of MAGIC) if (input.byte() !== byte) throw new Error('not a stored chart')
  const size = input.varint()
  const count = input.byte()
  const columns: { [F in ChartField]?: number[] } = {}
  for (let c = 0; c < count; c++) {
    const field = CHART_FIELDS[input.byte()]
    if (field === undefined) throw new Error('stored chart: unknown field')
    const mode = input.byte()
    const values = new Array<number>(size)
    if (mode === RAW) {
      for (let i = 0; i < size; i++) values[i] = input.double()
    } else {
      const factor = 10 ** mode
      let previous = 0
      for (let i = 0; i < size; i++) {
        const coded = input.varint()
        if (coded === 0) {
          values[i] = Number.NaN
          continue
        }
        const zigzag = coded - 1
        previous += zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2
        values[i] = previous / factor
      }
    }
    columns[field] = values
  }
  return { size, columns }
}

/**
 * The columns of a stored chart: version 3 ({@link packChart}), or gzipped JSON text, an array of
 * points (version 1) or one array per field (version 2), which earlier imports stored. Presenting
 * straight from the columns spares the chart answer a point object per point.
 */
export function chartColumns(stored: Uint8Array): ChartColumns {
  if (stored[0] !== 0x1f || stored[1] !== 0x8b) return unpackColumns(stored)
  const json = JSON.parse(gunzipSync(stored).toString('utf8')) as ChartPoint[] | ChartVersion2
  const size = Array.isArray(json) ? json.length : (json.segment?.length ?? 0)
  // Version 1's points all have the fields of the first (analysis wrote them alike).
  const first = Array.isArray(json) ? json[0] : undefined
  const valuesOf = (field: ChartField): readonly (number | null | undefined)[] | undefined =>
    Array.isArray(json) ? (first && first[field] !== undefined ? json.map((point) => point[field]) : undefined) : json[field]
  const columns: { [F in ChartField]?: number[] } = {}
  for (const field of CHART_FIELDS) {
    const values = valuesOf(field)
    if (values) columns[field] = Array.from({ length: size }, (_, i) => values[i] ?? Number.NaN)
  }
  return { size, columns }
}

/** The chart points of a stored chart (see {@link chartColumns}). */
export function chartPoints(stored: Uint8Array): ChartPoint[] {
  return chartPointsOf(chartColumns(stored))
}
