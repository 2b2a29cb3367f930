/**
 * A small, fast, non-validating XML scanner for track files, fed in chunks.
 *
 * Why not a general parser: `saxes` (installed) checks every character one by one and needs
 * ~150 ms for a 10 MB GPX file on our 2-core machines before any analysis, which alone spends the
 * import budget (see the benchmark notes in the issue 3 report). This scanner jumps between
 * markup with `indexOf` and checks what matters for safety and correctness:
 *
 * - well-formedness of the element structure: names, attribute syntax and quoting, duplicate
 *   attributes, matching end tags, a single root, nothing but whitespace/comments/PIs outside it;
 * - entities: only the five predefined ones and character references; any other `&name;`
 *   (and a bare `&`) is an error, so nothing can expand;
 * - no DTD: a `<!DOCTYPE` is refused outright (entity bombs and external entities never load);
 * - bounded memory: chunks are consumed as they come; a single tag, comment or processing
 *   instruction longer than {@link MAX_MARKUP_CHARS} is refused.
 *
 * Not checked (irrelevant to reading tracks): the XML character ranges, `]]>` in text, names'
 * full Unicode production, namespace declarations.
 */

/** Longest tag, comment, CDATA section or processing instruction accepted, in characters. */
export const MAX_MARKUP_CHARS = 1 << 20

/** Receives the document; names are local (`hr` for `<gpxtpx:hr>`): track formats use many prefixes. */
export interface XmlScanHandler {
  /** True while the handler wants text; text is neither decoded nor copied otherwise. */
  readonly wantsText: boolean
  open(name: string, attributes: Readonly<Record<string, string>>): void
  close(name: string): void
  text(text: string): void
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

const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({})

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

const LT = 0x3c
const GT = 0x3e
const SLASH = 0x2f
const EQUALS = 0x3d
const QUOTE = 0x22
const APOS = 0x27
const BANG = 0x21
const QUESTION = 0x3f

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d
}

function isNameStart(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f || code === 0x3a || code >= 0xc0
  )
}

const AMP = 0x26

/** First index of `code` in `text[from, to)`, or -1 (bounded, unlike `indexOf`). */
function indexOfCode(text: string, code: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === code) return i
  return -1
}

function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon < 0 ? name : name.slice(colon + 1)
}

/** Result of trying to read a token: its end, or "need more input". */
const INCOMPLETE = -1

export class XmlScanner {
  private buffer = ''
  /** Characters consumed before `buffer[0]` (for error offsets). */
  private base = 0
  private readonly stack: string[] = []
  private sawRoot = false
  private closedRoot = false

  constructor(private readonly handler: XmlScanHandler) {}

  /** Feeds the next chunk of the document. @throws XmlSyntaxError */
  write(chunk: string): void {
    this.buffer = this.buffer.length === 0 ? chunk : this.buffer + chunk
    this.scan(false)
  }

  /** Ends the document. @throws XmlSyntaxError for unclosed elements or a missing root */
  close(): void {
    this.scan(true)
    if (this.stack.length > 0) this.fail(`unclosed element <${this.stack[this.stack.length - 1] ?? ''}>`, 0)
    if (!this.sawRoot) this.fail('no root element', 0)
  }

  private fail(message: string, at: number): never {
    throw new XmlSyntaxError(message, this.base + at)
  }

  private scan(final: boolean): void {
    const buffer = this.buffer
    const length = buffer.length
    let pos = 0
    while (pos < length) {
      const lt = buffer.indexOf('<', pos)
      if (lt !== pos) {
        const end = lt < 0 ? length : lt
        const safeEnd = lt < 0 && !final ? this.textCut(buffer, pos, end) : end
        this.onText(buffer, pos, safeEnd)
        pos = safeEnd
        if (lt < 0) break
        continue
      }
      const next = this.markup(buffer, pos, final)
      if (next === INCOMPLETE) {
        if (final) this.fail('unexpected end of document inside markup', pos)
        if (length - pos > MAX_MARKUP_CHARS) this.fail('markup too long', pos)
        break
      }
      pos = next
    }
    this.base += pos
    this.buffer = pos >= length ? '' : buffer.slice(pos)
  }

  /** Where a text run may be cut at a chunk end without splitting an entity reference. */
  private textCut(buffer: string, start: number, end: number): number {
    const amp = buffer.lastIndexOf('&', end - 1)
    if (amp < start) return end
    return buffer.indexOf(';', amp) < 0 ? amp : end
  }

  private onText(buffer: string, start: number, end: number): void {
    if (start >= end) return
    const inRoot = this.stack.length > 0
    const amp = indexOfCode(buffer, AMP, start, end)
    const hasEntity = amp >= 0
    if (!inRoot) {
      for (let i = start; i < end; i++) {
        if (!isSpace(buffer.charCodeAt(i))) this.fail('text outside the root element', i)
      }
      return
    }
    if (hasEntity) {
      const decoded = this.decode(buffer, start, end, amp)
      if (this.handler.wantsText) this.handler.text(decoded)
    } else if (this.handler.wantsText) {
      this.handler.text(buffer.slice(start, end))
    }
  }

  /** Decodes entity and character references in `buffer[start, end)`; `amp` is the first `&`. */
  private decode(buffer: string, start: number, end: number, amp: number): string {
    let out = ''
    let from = start
    let at = amp
    while (at >= 0 && at < end) {
      const semi = buffer.indexOf(';', at)
      if (semi < 0 || semi >= end || semi - at > 12) this.fail('bare "&" (not an entity reference)', at)
      const name = buffer.slice(at + 1, semi)
      out += buffer.slice(from, at) + this.entity(name, at)
      from = semi + 1
      at = indexOfCode(buffer, AMP, from, end)
    }
    return out + buffer.slice(from, end)
  }

  private entity(name: string, at: number): string {
    const predefined = PREDEFINED[name]
    if (predefined !== undefined) return predefined
    if (name.startsWith('#')) {
      const hex = name[1] === 'x'
      const digits = name.slice(hex ? 2 : 1)
      const valid = hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits)
      const code = valid ? Number.parseInt(digits, hex ? 16 : 10) : Number.NaN
      if (code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) return String.fromCodePoint(code)
      this.fail(`invalid character reference &${name};`, at)
    }
    this.fail(`undefined entity &${name};`, at)
  }

  /** Reads the markup starting at `buffer[pos] === '<'`; returns the position after it. */
  private markup(buffer: string, pos: number, final: boolean): number {
    const next = buffer.charCodeAt(pos + 1)
    if (Number.isNaN(next)) return INCOMPLETE
    if (next === SLASH) return this.endTag(buffer, pos)
    if (next === QUESTION) return this.skipUntil(buffer, pos, '?>')
    if (next === BANG) {
      if (buffer.startsWith('<!--', pos)) return this.skipUntil(buffer, pos, '-->')
      if (buffer.startsWith('<![CDATA[', pos)) return this.cdata(buffer, pos)
      if (buffer.length - pos < 9 && !final) return INCOMPLETE
      if (buffer.startsWith('<!DOCTYPE', pos)) throw new XmlDoctypeError('document type declaration', this.base + pos)
      this.fail('unexpected "<!"', pos)
    }
    return this.startTag(buffer, pos)
  }

  private skipUntil(buffer: string, pos: number, terminator: string): number {
    const end = buffer.indexOf(terminator, pos + 2)
    return end < 0 ? INCOMPLETE : end + terminator.length
  }

  private cdata(buffer: string, pos: number): number {
    const end = buffer.indexOf(']]>', pos + 9)
    if (end < 0) return INCOMPLETE
    if (this.stack.length === 0) this.fail('CDATA outside the root element', pos)
    if (this.handler.wantsText) this.handler.text(buffer.slice(pos + 9, end))
    return end + 3
  }

  /**
   * Reads a name at `pos`; returns its end (== pos when there is none). Only the first character
   * is checked against the name production; the rest runs to the next delimiter, which is all
   * tag matching needs and keeps the hot loop to one comparison per character.
   */
  private nameEnd(buffer: string, pos: number): number {
    if (!isNameStart(buffer.charCodeAt(pos))) return pos
    const length = buffer.length
    let i = pos + 1
    for (; i < length; i++) {
      const code = buffer.charCodeAt(i)
      if (code <= 0x20 || code === GT || code === SLASH || code === EQUALS || code === QUOTE || code === APOS || code === LT) {
        break
      }
    }
    return i
  }

  private endTag(buffer: string, pos: number): number {
    const open = this.stack[this.stack.length - 1]
    const nameStart = pos + 2
    // Fast path: the end tag of the open element, `</name>`.
    if (open !== undefined && buffer.startsWith(open, nameStart)) {
      const after = nameStart + open.length
      if (after >= buffer.length) return INCOMPLETE
      if (buffer.charCodeAt(after) === GT) {
        this.endElement(open)
        return after + 1
      }
    }
    const gt = buffer.indexOf('>', pos)
    if (gt < 0) return INCOMPLETE
    const nameEnd = this.nameEnd(buffer, nameStart)
    if (nameEnd === nameStart) this.fail('end tag without a name', pos)
    for (let i = nameEnd; i < gt; i++) if (!isSpace(buffer.charCodeAt(i))) this.fail('malformed end tag', i)
    const name = buffer.slice(nameStart, nameEnd)
    if (open !== name) this.fail(open === undefined ? `unexpected end tag </${name}>` : `</${name}> closes <${open}>`, pos)
    this.endElement(name)
    return gt + 1
  }

  private startTag(buffer: string, pos: number): number {
    const length = buffer.length
    const nameEnd = this.nameEnd(buffer, pos + 1)
    if (nameEnd === pos + 1) {
      if (nameEnd >= length) return INCOMPLETE
      this.fail('invalid tag name', pos + 1)
    }
    if (nameEnd >= length) return INCOMPLETE
    const name = buffer.slice(pos + 1, nameEnd)
    let attributes: Record<string, string> | null = null
    let i = nameEnd
    for (;;) {
      const spaceStart = i
      while (i < length && isSpace(buffer.charCodeAt(i))) i++
      if (i >= length) return INCOMPLETE
      const code = buffer.charCodeAt(i)
      if (code === GT || code === SLASH) {
        const selfClosing = code === SLASH
        if (selfClosing) {
          if (i + 1 >= length) return INCOMPLETE
          if (buffer.charCodeAt(i + 1) !== GT) this.fail('"/" not followed by ">"', i)
        }
        this.openElement(name, attributes ?? NO_ATTRIBUTES, pos)
        if (selfClosing) this.endElement(name)
        return i + (selfClosing ? 2 : 1)
      }
      if (i === spaceStart) this.fail('missing space between attributes', i)
      const attributeEnd = this.nameEnd(buffer, i)
      if (attributeEnd === i) this.fail(`unexpected character "${buffer[i] ?? ''}" in tag`, i)
      const attribute = buffer.slice(i, attributeEnd)
      i = attributeEnd
      while (i < length && isSpace(buffer.charCodeAt(i))) i++
      if (i >= length) return INCOMPLETE
      if (buffer.charCodeAt(i) !== EQUALS) this.fail(`attribute ${attribute} without value`, i)
      i++
      while (i < length && isSpace(buffer.charCodeAt(i))) i++
      if (i >= length) return INCOMPLETE
      const quote = buffer.charCodeAt(i)
      if (quote !== QUOTE && quote !== APOS) this.fail(`unquoted value of attribute ${attribute}`, i)
      const close = buffer.indexOf(quote === QUOTE ? '"' : "'", i + 1)
      if (close < 0) return INCOMPLETE
      const lt = indexOfCode(buffer, LT, i + 1, close)
      if (lt >= 0) this.fail('"<" in attribute value', lt)
      const amp = indexOfCode(buffer, AMP, i + 1, close)
      const value = amp >= 0 ? this.decode(buffer, i + 1, close, amp) : buffer.slice(i + 1, close)
      attributes ??= {}
      if (Object.hasOwn(attributes, attribute)) this.fail(`duplicate attribute ${attribute}`, i)
      // Never let a file set an object's prototype.
      if (attribute !== '__proto__') attributes[attribute] = value
      i = close + 1
    }
  }

  private openElement(name: string, attributes: Readonly<Record<string, string>>, at: number): void {
    if (this.stack.length === 0) {
      if (this.closedRoot || this.sawRoot) this.fail('a second root element', at)
      this.sawRoot = true
    }
    this.stack.push(name)
    this.handler.open(localName(name), attributes)
  }

  private endElement(name: string): void {
    this.stack.pop()
    this.handler.close(localName(name))
    if (this.stack.length === 0) this.closedRoot = true
  }
}
