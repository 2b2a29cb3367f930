import { SaxesParser } from 'saxes'
import { describe, expect, it } from 'vitest'
import { XmlScanner, XmlSyntaxError } from './xml-scanner'
import { seededRandom as random } from '../../../src/test-support/seeded-random'

/**
 * Differential fuzzing: random documents (fixed seed) are read by our scanner, fed in random
 * chunks, and by `saxes`, a conforming parser; both must report the same elements, attributes and
 * text, and refuse the same broken documents. Only what the scanner promises to check is
 * generated (ASCII names, no control characters, no `]]>` in text, no DTD).
 */

type Rng = () => number
const pick = <T,>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T

const NAMES = ['gpx', 'trk', 'trkseg', 'trkpt', 'ele', 'time', 'gpxtpx:hr', 'ns3:TPX', 'extensions', 'a_b', 'x-y.z']
const ATTRIBUTES = ['lat', 'lon', 'version', 'xmlns:gpxtpx', 'creator', 'k']
const TEXT_PIECES = ['45.1', ' ', '\n  ', 'héllo', '日本', '🚴', '&amp;', '&lt;', '&gt;', '&quot;', '&apos;', '&#233;', '&#x1F6B4;', 'a > b', "it's"]

function text(rng: Rng): string {
  let out = ''
  for (let n = Math.floor(rng() * 4); n > 0; n -= 1) out += pick(rng, TEXT_PIECES)
  return out
}

/** Line breaks and tabs, literal or as references: values are normalised (XML 1.0 §3.3.3). */
const VALUE_PIECES = ['\n', '\r\n', '\r', '\t', '&#10;', '&#13;', '&#9;', ' 45.1\n']

function attributeValue(rng: Rng): { quoted: string } {
  const quote = rng() < 0.5 ? '"' : "'"
  const value = (text(rng) + (rng() < 0.5 ? pick(rng, VALUE_PIECES) + text(rng) : ''))
    .replace(/&apos;|'/g, quote === "'" ? '&apos;' : "'").replace(/"|&quot;/g, quote === '"' ? '&quot;' : '"')
  return { quoted: `${quote}${value.replace(/</g, '&lt;')}${quote}` }
}

function element(rng: Rng, depth: number): string {
  const name = pick(rng, NAMES)
  const used = new Set<string>()
  let tag = `<${name}`
  for (let n = Math.floor(rng() * 3); n > 0; n -= 1) {
    const attribute = pick(rng, ATTRIBUTES)
    if (used.has(attribute)) continue
    used.add(attribute)
    tag += `${pick(rng, [' ', '  ', '\n'])}${attribute}${pick(rng, ['=', ' = '])}${attributeValue(rng).quoted}`
  }
  if (depth > 3 || rng() < 0.2) return `${tag}${pick(rng, ['/>', ' />'])}`
  let body = ''
  for (let n = Math.floor(rng() * 4); n > 0; n -= 1) {
    const kind = rng()
    if (kind < 0.45) body += element(rng, depth + 1)
    else if (kind < 0.8) body += text(rng)
    else if (kind < 0.9) body += `<![CDATA[${text(rng).replace(/]/g, '')}<not a tag>]]>`
    else body += pick(rng, ['<!-- note -->', '<?pi data?>'])
  }
  return `${tag}>${body}</${name}${pick(rng, ['', ' '])}>`
}

function documentOf(rng: Rng): string {
  return `${rng() < 0.7 ? '<?xml version="1.0" encoding="UTF-8"?>\n' : ''}${rng() < 0.3 ? '<!-- head -->' : ''}${element(rng, 0)}\n`
}

/** Events as strings: `<name k=v>`, `</name>`, `"text"` (pieces joined, only inside the root). */
type Outcome = string[] | 'refused'

function ourEvents(bytes: Buffer, rng: Rng): Outcome {
  const out: string[] = []
  let depth = 0
  const pushText = (piece: string) => {
    if (depth === 0 || piece === '') return
    const last = out.length - 1
    if (last >= 0 && out[last]?.startsWith('"')) out[last] = `${out[last]?.slice(0, -1) ?? ''}${piece}"`
    else out.push(`"${piece}"`)
  }
  const scanner = new XmlScanner({
    wantsText: true,
    open: (name, attributes) => {
      depth += 1
      out.push(`<${name}${attributes.entries().map(([k, v]) => ` ${k}=${v}`).join('')}>`)
    },
    close: (name) => {
      depth -= 1
      out.push(`</${name}>`)
    },
    text: (chunk, start, end) => pushText(Buffer.from(chunk.subarray(start, end)).toString('utf8')),
  })
  try {
    // Random chunk boundaries, inside tags, references and multi-byte characters alike.
    for (let at = 0; at < bytes.length; ) {
      const size = 1 + Math.floor(rng() * (rng() < 0.5 ? 8 : 200))
      scanner.write(bytes.subarray(at, at + size))
      at += size
    }
    scanner.close()
  } catch (error) {
    if (error instanceof XmlSyntaxError) return 'refused'
    throw error
  }
  return out
}

/**
 * What the scanner documents it does not check: the XML character ranges (e.g. `&#23;`).
 * Broken documents saxes refuses only for these are skipped.
 */
const UNCHECKED = /disallowed character\.|malformed character entity/

function saxesEvents(xml: string): Outcome | 'unchecked' {
  const out: string[] = []
  let depth = 0
  const local = (name: string) => name.slice(name.indexOf(':') + 1)
  const pushText = (piece: string) => {
    if (depth === 0 || piece === '') return
    const last = out.length - 1
    if (last >= 0 && out[last]?.startsWith('"')) out[last] = `${out[last]?.slice(0, -1) ?? ''}${piece}"`
    else out.push(`"${piece}"`)
  }
  const parser = new SaxesParser({ xmlns: false })
  let failed: string | null = null
  parser.on('error', (error) => (failed ??= error.message))
  parser.on('opentag', (tag) => {
    depth += 1
    const attributes = Object.entries(tag.attributes as Record<string, string>)
    out.push(`<${local(tag.name)}${attributes.map(([k, v]) => ` ${k}=${v}`).join('')}>`)
  })
  parser.on('closetag', (tag) => {
    depth -= 1
    out.push(`</${local(tag.name)}>`)
  })
  parser.on('text', pushText)
  parser.on('cdata', pushText)
  parser.write(xml).close()
  if (failed === null) return out
  return UNCHECKED.test(failed) ? 'unchecked' : 'refused'
}

/** Where edits may go: not inside comments, processing instructions and the XML declaration, whose content the scanner does not check. */
function editable(xml: string, at: number): boolean {
  for (const match of xml.matchAll(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g)) {
    if (at >= match.index && at <= match.index + match[0].length) return false
  }
  return true
}

/** A few random edits that usually break a document (or sometimes keep it well-formed). */
function mutate(xml: string, rng: Rng): string {
  // By code point: an edit never splits a character.
  let out = Array.from(xml)
  for (let n = 1 + Math.floor(rng() * 2); n > 0; n -= 1) {
    const at = Math.floor(rng() * out.length)
    if (!editable(out.join(''), out.slice(0, at).join('').length)) continue
    const edit = rng()
    if (edit < 0.4) out = [...out.slice(0, at), ...out.slice(at + 1)]
    else out = [...out.slice(0, at), pick(rng, ['<', '>', '&', '"', "'", '/', '=', ' ', 'a']), ...out.slice(at)]
  }
  return out.join('')
}

describe('the XML scanner against saxes (differential fuzzing)', () => {
  it('reads 400 random well-formed documents exactly as saxes does, whatever the chunk boundaries', () => {
    const rng = random(0x5eed)
    for (let n = 0; n < 400; n += 1) {
      const xml = documentOf(rng)
      const expected = saxesEvents(xml)
      expect(expected, xml).not.toBe('refused')
      expect(ourEvents(Buffer.from(xml, 'utf8'), rng), xml).toEqual(expected)
    }
  })

  it('refuses a broken document when saxes does, and reads the same events when it does not', () => {
    const rng = random(0xbad)
    let refused = 0
    for (let n = 0; n < 600; n += 1) {
      const xml = mutate(documentOf(rng), rng)
      const expected = saxesEvents(xml)
      if (expected === 'unchecked') continue
      if (expected === 'refused') refused += 1
      expect(ourEvents(Buffer.from(xml, 'utf8'), rng), xml).toEqual(expected)
    }
    // The edits must really break documents, or this test proves nothing.
    expect(refused).toBeGreaterThan(150)
  })
})
