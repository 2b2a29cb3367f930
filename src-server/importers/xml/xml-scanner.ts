import { isAscii, isUtf8 } from 'node:buffer'
import { parseDecimal, parseDecimalBytes } from '../values'

/**
 * A small, fast, non-validating XML scanner for track files, fed UTF-8 bytes in chunks.
 *
 * Why not a general parser: `saxes` (a dev dependency: the fuzz test compares against it) checks every character one by one and needs
 * ~150 ms for a 10 MB GPX file on our 2-core machines before any analysis, which alone spends the
 * import budget. Why bytes, not strings: decoding 10 MB into a string, then slicing a string per
 * name, attribute and text, cost more than the scanning itself (profiled: decoding, `slice` and
 * the garbage they leave were ~half the import time). This scanner works on the raw bytes,
 * interns element names (no string per tag), hands attributes and text to the handler as byte
 * ranges (numbers are parsed straight from bytes) and checks what matters for safety:
 *
 * - UTF-8: the document must be valid UTF-8 (checked natively per chunk, `isUtf8`);
 * - well-formedness of the element structure: names, attribute syntax and quoting, duplicate
 *   attributes, matching end tags, a single root, nothing but whitespace/comments/PIs outside it;
 * - entities: only the five predefined ones and character references; any other `&name;`
 *   (and a bare `&`) is an error, so nothing can expand;
 * - no DTD: a `<!DOCTYPE` is refused outright (entity bombs and external entities never load);
 * - bounded memory: chunks are consumed as they come; a single tag, comment or processing
 *   instruction longer than {@link MAX_MARKUP_BYTES} is refused; at most
 *   {@link MAX_INTERNED_NAMES} distinct element names are kept.
 *
 * Attribute values are normalised as XML requires (tabs and line breaks become spaces).
 * Not checked (irrelevant to reading tracks): the XML character ranges, `]]>` in text, names'
 * full Unicode production beyond ASCII, namespace declarations. Error offsets are in characters.
 */

/** Longest tag, comment, CDATA section or processing instruction accepted, in bytes. */
export const MAX_MARKUP_BYTES = 1 << 20

/** Distinct element names remembered (a hostile file with millions of names gets no cache growth). */
const MAX_INTERNED_NAMES = 1024

/** The attributes of the start tag being reported; valid only during {@link XmlScanHandler.open}. */
export interface XmlAttributes {
  /** Number of attributes. */
  readonly count: number
  /** Decoded value of the attribute with this qualified (ASCII) name, or `undefined`. */
  get(name: string): string | undefined
  /** The attribute's value as a decimal number (see `parseDecimal`); `NaN` when absent or not a number. */
  decimal(name: string): number
  /** Every attribute as `[qualified name, decoded value]`, in document order. */
  entries(): [string, string][]
}

/** Receives the document; names are local (`hr` for `<gpxtpx:hr>`): track formats use many prefixes. */
export interface XmlScanHandler {
  /** True while the handler wants text; text is neither decoded nor copied otherwise. */
  readonly wantsText: boolean
  open(name: string, attributes: XmlAttributes): void
  close(name: string): void
  /**
   * A piece of character data as UTF-8 `bytes[start, end)`, references already decoded. One text
   * node may arrive in several pieces (at chunk boundaries, never inside a character), and
   * the bytes are only valid during the call: copy them (see `XmlText`).
   */
  text(bytes: Uint8Array, start: number, end: number): void
  /** Qualified names of the elements offered to {@link readElement} (optional fast path). */
  readonly rawElements?: ReadonlySet<string>
  /**
   * Optional fast path for a handler's most frequent element (a GPX `<trkpt>`): offered the
   * bytes at the element's start tag (`bytes[start] === '<'`, available up to `end`), it returns
   * the position after the element's end tag when it read the whole element itself, -1 to let
   * the scanner read it as usual (it must then have changed nothing), or {@link XML_NEED_MORE}
   * when the element may be cut by the end of the bytes (the scanner then waits for the next
   * chunk, or reads it as usual at the end of the document). It may only accept a strict,
   * well-formed subset (the exact tags it expects, no references, comments or CDATA, complete in
   * `bytes`), so the scanner's guarantees hold; the bytes are valid UTF-8 already.
   */
  readElement?(bytes: Uint8Array, start: number, end: number): number
}

/** A well-formedness error, with the character offset where it was found. */
export class XmlSyntaxError extends Error {
  readonly offset: number

  constructor(message: string, offset: number) {
    super(`character ${offset}: ${message}`)
    this.name = 'XmlSyntaxError'
    this.offset = offset
  }
}

/** A `<!DOCTYPE`: refused, since a DTD is where entity bombs and external entities live. */
export class XmlDoctypeError extends XmlSyntaxError {}

/**
 * The bytes end inside the root element (unclosed elements, markup or a character cut off): a
 * file cut off mid-write, well-formed up to the cut. Everything before it was reported.
 */
export class XmlCutError extends XmlSyntaxError {}

const LT = 0x3c
const GT = 0x3e
const SLASH = 0x2f
const EQUALS = 0x3d
const QUOTE = 0x22
const APOS = 0x27
const BANG = 0x21
const QUESTION = 0x3f
const AMP = 0x26
const SEMICOLON = 0x3b
const COLON = 0x3a
const HASH = 0x23

const COMMENT_START = Buffer.from('<!--')
const CDATA_START = Buffer.from('<![CDATA[')
const DOCTYPE_START = Buffer.from('<!DOCTYPE')
const COMMENT_END = Buffer.from('-->')
const PI_END = Buffer.from('?>')
const CDATA_END = Buffer.from(']]>')

// Byte classes as lookup tables: one load per byte in the hot loops instead of a chain of compares.
const SPACE_CLASS = 1
const NAME_START_CLASS = 2
const DELIMITER_CLASS = 4
const NAME_CLASS = 8
const BYTE_CLASS = (() => {
  const table = new Uint8Array(256)
  for (let code = 0; code < 256; code++) {
    let byteClass = 0
    if (code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d) byteClass |= SPACE_CLASS
    // ASCII letters, `_`, `:` and any non-ASCII lead byte (names' full Unicode production is not checked).
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f || code === 0x3a || code >= 0xc0) {
      byteClass |= NAME_START_CLASS
    }
    // Inside a name: ASCII letters, digits, `-`, `.`, `_`, `:`, and any non-ASCII byte.
    if ((byteClass & NAME_START_CLASS) !== 0 || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e || code >= 0x80) {
      byteClass |= NAME_CLASS
    }
    // Ends a name: whitespace, controls and the markup delimiters.
    if (code <= 0x20 || code === GT || code === SLASH || code === EQUALS || code === QUOTE || code === APOS || code === LT) {
      byteClass |= DELIMITER_CLASS
    }
    table[code] = byteClass
  }
  return table
})()

function isSpace(code: number): boolean {
  return ((BYTE_CLASS[code] ?? 0) & SPACE_CLASS) !== 0
}

function isNameStart(code: number): boolean {
  return ((BYTE_CLASS[code] ?? 0) & NAME_START_CLASS) !== 0
}

function isNameDelimiter(code: number): boolean {
  return ((BYTE_CLASS[code] ?? 0) & DELIMITER_CLASS) !== 0
}

function isNameChar(code: number): boolean {
  return ((BYTE_CLASS[code] ?? 0) & NAME_CLASS) !== 0
}

function startsWith(data: Uint8Array, pos: number, prefix: Uint8Array): boolean {
  if (pos + prefix.length > data.length) return false
  for (let k = 0; k < prefix.length; k++) if (data[pos + k] !== prefix[k]) return false
  return true
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** `data[start, end)` without its NUL bytes (a NUL is never part of a multi-byte UTF-8 sequence). */
function withoutNul(data: Buffer, start: number, end: number): Buffer {
  const kept = Buffer.allocUnsafe(end - start)
  let length = 0
  for (let i = start; i < end; i++) if (data[i] !== 0) kept[length++] = data[i] ?? 0
  return kept.subarray(0, length)
}

/** Number of characters (not bytes) in UTF-8 `data[start, end)`; native fast path for ASCII. */
function charCount(data: Buffer, start: number, end: number): number {
  if (end <= start) return 0
  if (isAscii(data.subarray(start, end))) return end - start
  let count = 0
  for (let i = start; i < end; i++) if (((data[i] ?? 0) & 0xc0) !== 0x80) count++
  return count
}

/** Index where a trailing, still incomplete UTF-8 sequence starts (or `length` when none). */
function completeUtf8End(data: Uint8Array, length: number): number {
  let i = length - 1
  const stop = Math.max(0, length - 4)
  while (i >= stop && ((data[i] ?? 0) & 0xc0) === 0x80) i--
  if (i < stop) return length
  const lead = data[i] ?? 0
  const size = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
  return i + size > length ? i : length
}

/** First byte offset in `data[0, end)` where UTF-8 is invalid (slow; error path only). */
function firstInvalidUtf8(data: Uint8Array, end: number): number {
  let i = 0
  while (i < end) {
    const lead = data[i] ?? 0
    const size = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0
    if (size === 0 || i + size > end || !isUtf8(data.subarray(i, i + size))) return i
    i += size
  }
  return end
}

/** Appends code point `code` as UTF-8 to `out` at `at`; returns the new end. */
function writeUtf8(out: Uint8Array, at: number, code: number): number {
  if (code < 0x80) {
    out[at] = code
    return at + 1
  }
  if (code < 0x800) {
    out[at] = 0xc0 | (code >> 6)
    out[at + 1] = 0x80 | (code & 0x3f)
    return at + 2
  }
  if (code < 0x10000) {
    out[at] = 0xe0 | (code >> 12)
    out[at + 1] = 0x80 | ((code >> 6) & 0x3f)
    out[at + 2] = 0x80 | (code & 0x3f)
    return at + 3
  }
  out[at] = 0xf0 | (code >> 18)
  out[at + 1] = 0x80 | ((code >> 12) & 0x3f)
  out[at + 2] = 0x80 | ((code >> 6) & 0x3f)
  out[at + 3] = 0x80 | (code & 0x3f)
  return at + 4
}

/** An element name seen in the document: its bytes (for end-tag matching) and its strings. */
interface ElementName {
  readonly bytes: Uint8Array
  readonly qualified: string
  readonly local: string
  readonly hash: number
  readonly next: ElementName | null
  /** Offered to the handler's `readElement`. */
  readonly raw: boolean
}

/** Interns element names by their bytes, so a 50,000-point file allocates ~15 name strings, not 600,000. */
class NameTable {
  // Stryker disable next-line ArrayDeclaration: an empty array's missing buckets read as `undefined`, taken as null
  private readonly buckets: (ElementName | null)[] = new Array<ElementName | null>(256).fill(null)
  private size = 0

  constructor(private readonly rawElements: ReadonlySet<string> | undefined) {}

  lookup(data: Buffer, start: number, end: number, hash: number, colon: number): ElementName {
    const slot = hash & 255
    // Stryker disable next-line LogicalOperator,ConditionalExpression,BlockStatement: a name not found in the table is read again from its bytes, the same strings at one allocation more
    for (let entry = this.buckets[slot] ?? null; entry !== null; entry = entry.next) {
      const bytes = entry.bytes
      if (entry.hash !== hash || bytes.length !== end - start) continue
      // Stryker disable next-line BooleanLiteral: a name not found in the table is read again from its bytes, the same strings at one allocation more
      let same = true
      // Stryker disable next-line UpdateOperator: a name not found in the table is read again from its bytes, the same strings at one allocation more (byte -1 is the "<" or "/" before the name)
      for (let k = 0; k < bytes.length; k++) {
        // Stryker disable next-line ArithmeticOperator: a name not found in the table is read again from its bytes, the same strings at one allocation more (bytes before the name are "<" or "/", never a name's)
        if (bytes[k] !== data[start + k]) {
          same = false
          break
        }
      }
      if (same) return entry
    }
    const qualified = data.toString('utf8', start, end)
    const created: ElementName = {
      bytes: Uint8Array.prototype.slice.call(data, start, end),
      qualified,
      local: colon < 0 ? qualified : data.toString('utf8', colon + 1, end),
      hash,
      // Stryker disable next-line LogicalOperator: a name not found in the table is read again from its bytes, the same strings at one allocation more
      next: this.buckets[slot] ?? null,
      raw: this.rawElements?.has(qualified) ?? false,
    }
    // Stryker disable next-line EqualityOperator,BlockStatement: a name not found in the table is read again from its bytes, the same strings at one allocation more (one name more or none kept)
    if (this.size < MAX_INTERNED_NAMES) {
      this.buckets[slot] = created
      this.size += 1
    }
    return created
  }
}

/** Numbers kept per attribute in {@link AttributeList.spans}. */
const SLOTS = 6

/** The attributes of the current start tag, as byte ranges into the current chunk. */
class AttributeList implements XmlAttributes {
  count = 0
  /**
   * Per attribute: name start, name end, value start, value end, first `&` in the value or -1,
   * first tab or line break in the value or -1.
   */
  spans = new Int32Array(48)
  data: Buffer = Buffer.alloc(0)

  constructor(private readonly scanner: XmlScanner) {}

  add(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, amp: number, space: number): void {
    const at = this.count * SLOTS
    if (at + SLOTS > this.spans.length) {
      const grown = new Int32Array(this.spans.length * 2)
      grown.set(this.spans)
      this.spans = grown
    }
    const spans = this.spans
    spans[at] = nameStart
    spans[at + 1] = nameEnd
    spans[at + 2] = valueStart
    spans[at + 3] = valueEnd
    spans[at + 4] = amp
    spans[at + 5] = space
    this.count += 1
  }

  /** Index of the attribute named like the one at `index` among the earlier ones, or -1. */
  duplicateOf(index: number, names: Set<string> | null): number {
    const spans = this.spans
    const start = spans[index * SLOTS] ?? 0
    const length = (spans[index * SLOTS + 1] ?? 0) - start
    if (names !== null) return names.has(this.data.toString('utf8', start, start + length)) ? 0 : -1
    for (let other = 0; other < index; other++) {
      const otherStart = spans[other * SLOTS] ?? 0
      if ((spans[other * SLOTS + 1] ?? 0) - otherStart !== length) continue
      let same = true
      for (let k = 0; k < length; k++) {
        if (this.data[start + k] !== this.data[otherStart + k]) {
          same = false
          break
        }
      }
      if (same) return other
    }
    return -1
  }

  name(index: number): string {
    return this.data.toString('utf8', this.spans[index * SLOTS] ?? 0, this.spans[index * SLOTS + 1] ?? 0)
  }

  private indexOf(name: string): number {
    const spans = this.spans
    const data = this.data
    for (let index = 0; index < this.count; index++) {
      const start = spans[index * SLOTS] ?? 0
      if ((spans[index * SLOTS + 1] ?? 0) - start !== name.length) continue
      let same = true
      for (let k = 0; k < name.length; k++) {
        if (data[start + k] !== name.charCodeAt(k)) {
          same = false
          break
        }
      }
      if (same) return index
    }
    return -1
  }

  private value(index: number): string {
    const at = index * SLOTS
    const start = this.spans[at + 2] ?? 0
    const end = this.spans[at + 3] ?? 0
    // Stryker disable next-line UnaryOperator: unreachable default, `at` is within the spans written (noUncheckedIndexedAccess)
    const amp = this.spans[at + 4] ?? -1
    // Stryker disable next-line UnaryOperator: unreachable default, as above
    if ((this.spans[at + 5] ?? -1) >= 0) return this.scanner.normalisedValue(this.data, start, end)
    return amp < 0 ? this.data.toString('utf8', start, end) : this.scanner.decodedString(this.data, start, end, amp)
  }

  get(name: string): string | undefined {
    const index = this.indexOf(name)
    return index < 0 ? undefined : this.value(index)
  }

  decimal(name: string): number {
    const index = this.indexOf(name)
    if (index < 0) return Number.NaN
    const at = index * SLOTS
    // Stryker disable next-line UnaryOperator: unreachable defaults, `at` is within the spans written (noUncheckedIndexedAccess)
    if ((this.spans[at + 4] ?? -1) >= 0 || (this.spans[at + 5] ?? -1) >= 0) return parseDecimal(this.value(index))
    return parseDecimalBytes(this.data, this.spans[at + 2] ?? 0, this.spans[at + 3] ?? 0)
  }

  entries(): [string, string][] {
    const out: [string, string][] = []
    for (let index = 0; index < this.count; index++) out.push([this.name(index), this.value(index)])
    return out
  }
}

/** Result of trying to read a token: its end, or "need more input". */
const INCOMPLETE = -1

/** `readElement`'s answer for an element that may continue in the next chunk. */
export const XML_NEED_MORE = -2

export class XmlScanner {
  /** Unconsumed bytes of the previous chunk (an incomplete token), copied. */
  private pending: Buffer | null = null
  /** Characters consumed before the current chunk's first byte (for error offsets). */
  private charBase = 0
  private atStart = true
  private readonly stack: ElementName[] = []
  private depth = 0
  private sawRoot = false
  private closedRoot = false
  private readonly names: NameTable
  private readonly attributes = new AttributeList(this)
  /** Decoded text (references replaced), never longer than its source. */
  private scratch: Buffer = Buffer.alloc(256)
  /** The chunk being scanned (for error offsets). */
  private current: Buffer = Buffer.alloc(0)
  /** Whether the bytes being scanned hold a NUL (rare: each piece of markup and text is then checked for one). */
  private nulInChunk = false

  constructor(private readonly handler: XmlScanHandler) {
    this.names = new NameTable(handler.rawElements)
  }

  /** Feeds the next chunk of the document; the scanner keeps no reference to it. @throws XmlSyntaxError */
  write(chunk: Uint8Array): void {
    this.feed(chunk, false)
  }

  /**
   * Hands back the bytes kept from the previous chunk (an incomplete token) and forgets them: a
   * reader that puts them in front of its next chunk itself saves the scanner copying every
   * chunk behind them. `null` when nothing is kept.
   */
  takePending(): Buffer | null {
    const pending = this.pending
    this.pending = null
    return pending
  }

  /** Ends the document. @throws XmlSyntaxError for unclosed elements or a missing root */
  close(): void {
    this.feed(new Uint8Array(0), true)
    this.current = Buffer.alloc(0)
    const open = this.stack[this.depth - 1]
    if (open !== undefined) this.cut(`unclosed element <${open.qualified}>`, 0)
    if (!this.sawRoot) this.fail('no root element', 0)
  }

  /** {@link scratch}, grown to hold at least `length` bytes (doubling: few allocations a document). */
  private scratchFor(length: number): Buffer {
    // Stryker disable next-line EqualityOperator,ArithmeticOperator: growing when exactly full, or to exactly the length asked, holds the same bytes
    if (this.scratch.length < length) this.scratch = Buffer.alloc(Math.max(length, this.scratch.length * 2))
    return this.scratch
  }

  /** `data[start, end)` with its (already validated) references decoded, as a string. */
  decodedString(data: Buffer, start: number, end: number, amp: number): string {
    const length = this.decode(data, start, end, amp)
    return this.scratch.toString('utf8', 0, length)
  }

  /**
   * An attribute value as XML 1.0 §3.3.3 normalises it (no DTD: every attribute is CDATA): each
   * tab, line feed, carriage return or CR LF pair becomes one space; references are decoded
   * afterwards, so `&#10;` stays a line feed.
   */
  normalisedValue(data: Buffer, start: number, end: number): string {
    // References are never longer decoded than written, so the value's length is enough.
    // Stryker disable next-line ArithmeticOperator: a larger length asked for only grows the buffer more
    const out = this.scratchFor(end - start)
    let length = 0
    for (let i = start; i < end; ) {
      const code = data[i] ?? 0
      if (code === AMP) {
        length = writeUtf8(out, length, this.reference(data, i, end))
        i = this.referenceEnd
      } else {
        out[length++] = code === 0x09 || code === 0x0a || code === 0x0d ? 0x20 : code
        i += code === 0x0d && data[i + 1] === 0x0a ? 2 : 1
      }
    }
    return out.toString('utf8', 0, length)
  }

  private feed(chunk: Uint8Array, final: boolean): void {
    const pending = this.pending
    const data = pending === null ? asBuffer(chunk) : chunk.length === 0 ? pending : Buffer.concat([pending, chunk])
    this.pending = null
    // Only complete UTF-8 sequences are scanned; a split character waits for the next chunk (at
    // the end, it is a character cut off: see below).
    const end = completeUtf8End(data, data.length)
    const body = end === data.length ? data : data.subarray(0, end)
    this.current = body
    if (!isUtf8(body)) this.fail('invalid UTF-8', firstInvalidUtf8(body, end))
    // XML has no NUL character (nor a reference to one), and PostgreSQL's text cannot hold one. A
    // NUL in character data is dropped (a C string's padding, `Concept2\0\0…` in a TCX creator's
    // name, is no reason to refuse a usable file); one in markup (a name, an attribute, a comment)
    // is refused (see `scan`, `onText`).
    this.nulInChunk = body.indexOf(0) !== -1
    const consumed = this.scan(body, final)
    if (final && end < data.length) {
      if (this.depth > 0) this.cut('character cut off', end)
      this.fail('invalid UTF-8', end)
    }
    this.charBase += charCount(body, 0, consumed)
    if (consumed < data.length) this.pending = Buffer.from(data.subarray(consumed))
  }

  private fail(message: string, at: number): never {
    throw new XmlSyntaxError(message, this.offsetOf(at))
  }

  /** The document ends at `at` inside its root element (see {@link XmlCutError}). */
  private cut(message: string, at: number): never {
    throw new XmlCutError(message, this.offsetOf(at))
  }

  private offsetOf(at: number): number {
    return this.charBase + charCount(this.current, 0, Math.min(at, this.current.length))
  }

  /** True while the last bytes of the document are scanned. */
  private final = false

  private scan(data: Buffer, final: boolean): number {
    this.final = final
    const length = data.length
    let pos = 0
    if (this.atStart) {
      // A byte-order mark is not part of the document.
      if (length < 3 && !final && (length === 0 || data[0] === 0xef)) return 0
      this.atStart = false
      if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) pos = 3
    }
    while (pos < length) {
      if (data[pos] !== LT) {
        // Text: find the next '<', noting the first '&' on the way (one pass over the bytes).
        let lt = pos + 1
        let amp = data[pos] === AMP ? pos : -1
        for (; lt < length; lt++) {
          const code = data[lt]
          if (code === LT) break
          if (code === AMP && amp < 0) amp = lt
        }
        if (lt === length) {
          const end = final ? length : this.textCut(data, pos, length, amp)
          this.onText(data, pos, end, amp < end ? amp : -1)
          pos = end
          break
        }
        this.onText(data, pos, lt, amp)
        pos = lt
      }
      const next = this.markup(data, pos, final)
      if (this.nulInChunk && next !== INCOMPLETE && !startsWith(data, pos, CDATA_START)) {
        const nul = data.indexOf(0, pos)
        if (nul !== -1 && nul < next) this.fail('NUL character', nul)
      }
      if (next === INCOMPLETE) {
        if (final && this.depth > 0) this.cut('unexpected end of document inside markup', pos)
        if (final) this.fail('unexpected end of document inside markup', pos)
        if (length - pos > MAX_MARKUP_BYTES) this.fail('markup too long', pos)
        break
      }
      pos = next
    }
    return pos
  }

  /** Where a text run may be cut at a chunk end without splitting a reference. */
  private textCut(data: Buffer, start: number, end: number, firstAmp: number): number {
    if (firstAmp < 0) return end
    let amp = end - 1
    while (amp >= start && data[amp] !== AMP) amp--
    for (let i = amp + 1; i < end; i++) if (data[i] === SEMICOLON) return end
    return amp
  }

  private onText(data: Buffer, start: number, end: number, amp: number): void {
    if (start >= end) return
    if (this.nulInChunk && this.depth > 0) {
      const nul = data.indexOf(0, start)
      if (nul !== -1 && nul < end) {
        const kept = withoutNul(data, start, end)
        this.onText(kept, 0, kept.length, kept.indexOf(AMP))
        return
      }
    }
    if (this.depth === 0) {
      for (let i = start; i < end; i++) if (!isSpace(data[i] ?? 0)) this.fail('text outside the root element', i)
      return
    }
    if (amp >= 0) {
      // Validated whether or not the handler wants the text: a bad reference is an error anywhere.
      const length = this.decode(data, start, end, amp)
      if (this.handler.wantsText) this.handler.text(this.scratch, 0, length)
    } else if (this.handler.wantsText) {
      this.handler.text(data, start, end)
    }
  }

  /** Decodes `data[start, end)` (first `&` at `amp`) into `scratch`; returns its length. @throws on a bad reference */
  private decode(data: Buffer, start: number, end: number, amp: number): number {
    // Stryker disable next-line ArithmeticOperator: a larger length asked for only grows the buffer more
    const out = this.scratchFor(end - start)
    let length = 0
    let from = start
    let at = amp
    while (at >= 0) {
      for (let i = from; i < at; i++) out[length++] = data[i] ?? 0
      const code = this.reference(data, at, end)
      length = writeUtf8(out, length, code)
      from = this.referenceEnd
      at = -1
      for (let i = from; i < end; i++) {
        if (data[i] === AMP) {
          at = i
          break
        }
      }
    }
    for (let i = from; i < end; i++) out[length++] = data[i] ?? 0
    return length
  }

  /** Position after the `;` of the last reference read by {@link reference}. */
  private referenceEnd = 0

  /** Validates the reference at `data[at] === '&'` (ending before `limit`); returns its code point. */
  private reference(data: Buffer, at: number, limit: number): number {
    let semi = -1
    const stop = Math.min(limit, at + 13)
    for (let k = at + 1; k < stop; k++) {
      if (data[k] === SEMICOLON) {
        semi = k
        break
      }
    }
    if (semi < 0) this.fail('bare "&" (not an entity reference)', at)
    this.referenceEnd = semi + 1
    const n = semi - at - 1
    const c1 = data[at + 1]
    const c2 = data[at + 2]
    const c3 = data[at + 3]
    const c4 = data[at + 4]
    // lt gt amp quot apos
    if (n === 2 && c2 === 0x74 && (c1 === 0x6c || c1 === 0x67)) return c1 === 0x6c ? 0x3c : 0x3e
    if (n === 3 && c1 === 0x61 && c2 === 0x6d && c3 === 0x70) return AMP
    if (n === 4 && c1 === 0x71 && c2 === 0x75 && c3 === 0x6f && c4 === 0x74) return QUOTE
    if (n === 4 && c1 === 0x61 && c2 === 0x70 && c3 === 0x6f && c4 === 0x73) return APOS
    const name = data.toString('utf8', at + 1, semi)
    if (c1 === HASH) {
      const hex = c2 === 0x78
      const digits = name.slice(hex ? 2 : 1)
      const valid = digits.length > 0 && (hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits))
      const code = valid ? Number.parseInt(digits, hex ? 16 : 10) : Number.NaN
      if (code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) return code
      this.fail(`invalid character reference &${name};`, at)
    }
    this.fail(`undefined entity &${name};`, at)
  }

  /** Validates every reference in `data[amp, end)`. @throws on a bad one */
  private checkReferences(data: Buffer, amp: number, end: number): void {
    let at = amp
    while (at < end) {
      if (data[at] === AMP) {
        this.reference(data, at, end)
        at = this.referenceEnd
      } else {
        at++
      }
    }
  }

  /** Reads the markup starting at `data[pos] === '<'`; returns the position after it. */
  private markup(data: Buffer, pos: number, final: boolean): number {
    if (pos + 1 >= data.length) return INCOMPLETE
    const next = data[pos + 1]
    if (next === SLASH) return this.endTag(data, pos)
    if (next === QUESTION) return this.skipUntil(data, pos, PI_END)
    if (next === BANG) {
      if (startsWith(data, pos, COMMENT_START)) return this.skipUntil(data, pos, COMMENT_END)
      if (startsWith(data, pos, CDATA_START)) return this.cdata(data, pos)
      if (data.length - pos < 9 && !final) return INCOMPLETE
      if (startsWith(data, pos, DOCTYPE_START)) {
        throw new XmlDoctypeError('document type declaration', this.charBase + charCount(data, 0, pos))
      }
      this.fail('unexpected "<!"', pos)
    }
    return this.startTag(data, pos)
  }

  private skipUntil(data: Buffer, pos: number, terminator: Uint8Array): number {
    const end = data.indexOf(terminator, pos + 2)
    return end < 0 ? INCOMPLETE : end + terminator.length
  }

  private cdata(data: Buffer, pos: number): number {
    const end = data.indexOf(CDATA_END, pos + 9)
    if (end < 0) return INCOMPLETE
    if (this.depth === 0) this.fail('CDATA outside the root element', pos)
    if (this.handler.wantsText) {
      const text = this.nulInChunk ? withoutNul(data, pos + 9, end) : data.subarray(pos + 9, end)
      this.handler.text(text, 0, text.length)
    }
    return end + 3
  }

  private endTag(data: Buffer, pos: number): number {
    const length = data.length
    const open = this.stack[this.depth - 1]
    const nameStart = pos + 2
    // Fast path: the end tag of the open element, `</name>`.
    if (open !== undefined) {
      const bytes = open.bytes
      const after = nameStart + bytes.length
      if (after < length && data[after] === GT) {
        let same = true
        for (let k = 0; k < bytes.length; k++) {
          if (data[nameStart + k] !== bytes[k]) {
            same = false
            break
          }
        }
        if (same) {
          this.endElement()
          return after + 1
        }
      }
    }
    let gt = nameStart
    while (gt < length && data[gt] !== GT) gt++
    if (gt >= length) return INCOMPLETE
    if (!isNameStart(data[nameStart] ?? 0)) this.fail('end tag without a name', pos)
    let nameEnd = nameStart + 1
    for (; nameEnd < gt && !isNameDelimiter(data[nameEnd] ?? 0); nameEnd++) {
      if (!isNameChar(data[nameEnd] ?? 0)) this.fail('malformed end tag', nameEnd)
    }
    for (let i = nameEnd; i < gt; i++) if (!isSpace(data[i] ?? 0)) this.fail('malformed end tag', i)
    const name = data.toString('utf8', nameStart, nameEnd)
    if (open?.qualified !== name) {
      this.fail(open === undefined ? `unexpected end tag </${name}>` : `</${name}> closes <${open.qualified}>`, pos)
    }
    this.endElement()
    return gt + 1
  }

  private startTag(data: Buffer, pos: number): number {
    const length = data.length
    const nameStart = pos + 1
    if (!isNameStart(data[nameStart] ?? 0)) {
      if (nameStart >= length) return INCOMPLETE
      this.fail('invalid tag name', nameStart)
    }
    let hash = data[nameStart] ?? 0
    let colon = -1
    let i = nameStart + 1
    for (; i < length; i++) {
      const code = data[i] ?? 0
      const byteClass = BYTE_CLASS[code] ?? 0
      if ((byteClass & DELIMITER_CLASS) !== 0) break
      if ((byteClass & NAME_CLASS) === 0) this.fail(`"${String.fromCharCode(code)}" in a tag name`, i)
      if (code === COLON && colon < 0) colon = i
      hash = (Math.imul(hash, 31) + code) | 0
    }
    if (i >= length) return INCOMPLETE
    const nameEnd = i
    const name = this.names.lookup(data, nameStart, nameEnd, hash, colon)
    // The fast path reads an element's text as it stands: not when a NUL may have to be dropped from it.
    if (name.raw && this.depth > 0 && this.handler.readElement && !this.nulInChunk) {
      const next = this.handler.readElement(data, pos, length)
      if (next >= 0) return next
      if (next === XML_NEED_MORE && !this.final) return INCOMPLETE
    }
    const attributes = this.attributes
    attributes.count = 0
    attributes.data = data
    let names: Set<string> | null = null
    for (;;) {
      const spaceStart = i
      while (i < length && isSpace(data[i] ?? 0)) i++
      if (i >= length) return INCOMPLETE
      const code = data[i]
      if (code === GT || code === SLASH) {
        const selfClosing = code === SLASH
        if (selfClosing) {
          if (i + 1 >= length) return INCOMPLETE
          if (data[i + 1] !== GT) this.fail('"/" not followed by ">"', i)
        }
        this.openElement(name, pos)
        if (selfClosing) this.endElement()
        return i + (selfClosing ? 2 : 1)
      }
      if (i === spaceStart) this.fail('missing space between attributes', i)
      const attributeStart = i
      if (!isNameStart(code ?? 0)) this.fail(`unexpected character "${String.fromCharCode(code ?? 0)}" in tag`, i)
      i++
      for (; i < length && !isNameDelimiter(data[i] ?? 0); i++) {
        if (!isNameChar(data[i] ?? 0)) this.fail(`"${String.fromCharCode(data[i] ?? 0)}" in an attribute name`, i)
      }
      const attributeEnd = i
      while (i < length && isSpace(data[i] ?? 0)) i++
      if (i >= length) return INCOMPLETE
      if (data[i] !== EQUALS) this.fail(`attribute ${data.toString('utf8', attributeStart, attributeEnd)} without value`, i)
      i++
      while (i < length && isSpace(data[i] ?? 0)) i++
      if (i >= length) return INCOMPLETE
      const quote = data[i]
      if (quote !== QUOTE && quote !== APOS) {
        this.fail(`unquoted value of attribute ${data.toString('utf8', attributeStart, attributeEnd)}`, i)
      }
      const valueStart = i + 1
      let close = valueStart
      let amp = -1
      let space = -1
      for (; close < length; close++) {
        const c = data[close]
        if (c === quote) break
        if (c === LT) this.fail('"<" in attribute value', close)
        if (c === AMP && amp < 0) amp = close
        if ((c === 0x09 || c === 0x0a || c === 0x0d) && space < 0) space = close
      }
      if (close >= length) return INCOMPLETE
      if (amp >= 0) this.checkReferences(data, amp, close)
      attributes.add(attributeStart, attributeEnd, valueStart, close, amp, space)
      const index = attributes.count - 1
      // Pairwise comparison for ordinary tags; a set once a tag has many attributes (no O(n²)).
      if (index === 16) {
        names = new Set<string>()
        for (let k = 0; k < index; k++) names.add(attributes.name(k))
      }
      if (attributes.duplicateOf(index, names) >= 0) {
        this.fail(`duplicate attribute ${attributes.name(index)}`, valueStart - 1)
      }
      names?.add(attributes.name(index))
      i = close + 1
    }
  }

  private openElement(name: ElementName, at: number): void {
    if (this.depth === 0) {
      if (this.closedRoot || this.sawRoot) this.fail('a second root element', at)
      this.sawRoot = true
    }
    this.stack[this.depth++] = name
    this.handler.open(name.local, this.attributes)
  }

  private endElement(): void {
    const name = this.stack[--this.depth]
    if (this.depth === 0) this.closedRoot = true
    if (name !== undefined) this.handler.close(name.local)
  }
}
