import { parseDecimalBytes, parseIsoTimeBytes } from '../values'

/**
 * Collects the pieces of one text node as bytes (handlers receive text as byte ranges, see
 * `XmlScanHandler.text`) and reads it as a number, a time or a string without an intermediate
 * string in the common cases.
 */
export class XmlText {
  // A Buffer like the scanner's chunks, so the number parsers see one kind of array (no deopts).
  private bytes: Buffer = Buffer.alloc(64)
  private length = 0

  /** Forgets the collected text. */
  clear(): void {
    this.length = 0
  }

  /** Appends `source[start, end)`. */
  append(source: Uint8Array, start: number, end: number): void {
    // Stryker disable next-line ArithmeticOperator: `+ start` only asks more room (at most a chunk's), holding the same bytes
    const needed = this.length + end - start
    // Stryker disable next-line EqualityOperator: growing when exactly full holds the same bytes
    if (needed > this.bytes.length) {
      // Stryker disable next-line ArithmeticOperator: growing to exactly what is needed holds the same bytes
      const grown = Buffer.alloc(Math.max(needed, this.bytes.length * 2))
      grown.set(this.bytes.subarray(0, this.length))
      this.bytes = grown
    }
    const bytes = this.bytes
    let at = this.length
    for (let i = start; i < end; i++) bytes[at++] = source[i] ?? 0
    this.length = at
  }

  /** The text as a decimal number (`parseDecimal` rules). */
  decimal(): number {
    return parseDecimalBytes(this.bytes, 0, this.length)
  }

  /** The text as an ISO date-time in epoch ms (`parseIsoTime` rules). */
  isoTime(): number {
    return parseIsoTimeBytes(this.bytes, 0, this.length)
  }

  /** The text as a string. */
  string(): string {
    return this.bytes.toString('utf8', 0, this.length)
  }
}
