import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isAppError } from '../../../src/errors/app-error'
import { scanEvents } from '../test-support/xml-events'
import { readXml, readXmlFile, readXmlString, type ByteReader } from './xml-reader'
import { MAX_MARKUP_BYTES, XML_NEED_MORE, XmlScanner, XmlSyntaxError, type XmlAttributes } from './xml-scanner'
import { XmlText } from './xml-text'

// The XML scanner's rules, each on a hand-written document whose expected events are its own text
// (XML 1.0: §2.8 a single root, §3.1 tags and attributes, §3.3.3 attribute-value normalisation,
// §4.1 references; UTF-8 as RFC 3629 encodes it).

const events = scanEvents

/** The error message of reading `chunks`, or 'no error'. */
function errorOf(chunks: readonly (string | Uint8Array)[] | string): string {
  try {
    events(typeof chunks === 'string' ? [chunks] : chunks)
    return 'no error'
  } catch (error) {
    if (error instanceof XmlSyntaxError) return error.message
    throw error
  }
}

/** Every cut of `xml` into two chunks gives `expected` (a rule must not depend on where a read ends). */
function expectEveryCut(xml: string, expected: string[]): void {
  const bytes = Buffer.from(xml)
  for (let cut = 0; cut <= bytes.length; cut++) {
    expect(events([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at byte ${cut}`).toEqual(expected)
  }
}

/** The attributes of the root of `xml`, seen through `use` while the scanner reports them. */
function withAttributes<T>(xml: string, use: (attributes: XmlAttributes) => T): T {
  let result: { value: T } | null = null
  events([xml], { open: (_name, attributes) => (result ??= { value: use(attributes) }) })
  if (result === null) throw new Error('no element')
  return (result as { value: T }).value
}

describe('XML scanner rules', () => {
  it('writes each character reference as its UTF-8 bytes, at every length boundary (1 to 4 bytes)', () => {
    for (const code of [0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xffff, 0x10000, 0x10ffff]) {
      const expected = String.fromCodePoint(code)
      expect(events([`<a>&#x${code.toString(16)};</a>`]), `&#x${code.toString(16)};`).toEqual(['<a>', `"${expected}"`, '</a>'])
      expect(events([`<a>&#${code};</a>`]), `&#${code};`).toEqual(['<a>', `"${expected}"`, '</a>'])
      expect(withAttributes(`<a k="&#${code};"/>`, (attributes) => attributes.get('k')), `attribute &#${code};`).toBe(expected)
    }
  })

  it('decodes each predefined entity, and no name that merely resembles one', () => {
    expect(events(['<a>&lt;&gt;&amp;&quot;&apos;</a>'])).toEqual(['<a>', `"<>&"'"`, '</a>'])
    // Every name one letter away from a predefined one (changed, dropped or added) is undefined.
    const near = new Set<string>()
    for (const name of ['lt', 'gt', 'amp', 'quot', 'apos']) {
      for (let k = 0; k < name.length; k++) {
        near.add(`${name.slice(0, k)}x${name.slice(k + 1)}`)
        near.add(`${name.slice(0, k)}${name.slice(k + 1)}`)
      }
      near.add(`${name}x`)
    }
    for (const name of ['lt', 'gt', 'amp', 'quot', 'apos', '']) near.delete(name)
    for (const name of near) expect(errorOf(`<a>&${name};</a>`), name).toMatch(/^character 3: (undefined entity|invalid character reference)/)
  })

  it('refuses character references outside Unicode, to surrogates, to NUL, and without digits', () => {
    for (const reference of ['&#x110000;', '&#1114112;', '&#xD800;', '&#xDFFF;', '&#55296;', '&#0;', '&#x0;', '&#x;', '&#;', '&#12a;', '&#xG;', '&#-1;']) {
      expect(errorOf(`<a>${reference}</a>`), reference).toBe(`character 3: invalid character reference ${reference}`)
    }
    // The code points either side of the surrogates are characters.
    expect(events(['<a>&#xD7FF;&#xE000;</a>'])).toEqual(['<a>', `"${String.fromCodePoint(0xd7ff, 0xe000)}"`, '</a>'])
  })

  it('takes a reference of up to 11 characters between "&" and ";" and calls a longer one a bare "&"', () => {
    // `&#x000000041;`: 11 characters between "&" and ";"; one more zero makes 12.
    expect(events(['<a>&#x000000041;</a>'])).toEqual(['<a>', '"A"', '</a>'])
    expect(errorOf('<a>&#x0000000041;</a>')).toBe('character 3: bare "&" (not an entity reference)')
    // The ";" must come before the text ends.
    expect(errorOf('<a k="&amp"/>')).toMatch(/bare "&"/)
  })

  it('decodes references anywhere in text and keeps the text around them, whatever the cut', () => {
    expectEveryCut('<a>x&amp;y &lt;z&gt; &#233;!</a>', ['<a>', '"x&y <z> é!"', '</a>'])
  })

  it('refuses a bad reference in text or an attribute the handler does not read', () => {
    for (const [xml, message] of [
      ['<a>&bogus;</a>', 'character 3: undefined entity &bogus;'],
      ['<a k="x&bogus;"/>', 'character 7: undefined entity &bogus;'],
      ['<a k="&#x1G;"/>', 'character 6: invalid character reference &#x1G;'],
    ] as const) {
      const scanner = new XmlScanner({ wantsText: false, open: () => undefined, close: () => undefined, text: () => undefined })
      expect(() => {
        scanner.write(Buffer.from(xml))
        scanner.close()
      }, xml).toThrow(message)
    }
  })

  it('normalises attribute values: each tab, line feed, carriage return or CR LF becomes one space, a reference to one stays', () => {
    expect(withAttributes('<a k="1\t2\n3\r4\r\n5 6"/>', (attributes) => attributes.get('k'))).toBe('1 2 3 4 5 6')
    expect(withAttributes('<a k="\r\n\r\n"/>', (attributes) => attributes.get('k'))).toBe('  ')
    expect(withAttributes('<a k="&#9;&#10;&#13;\t&amp;"/>', (attributes) => attributes.get('k'))).toBe('\t\n\r &')
    expect(withAttributes("<a k='x&#10;y'/>", (attributes) => attributes.get('k'))).toBe('x\ny')
  })

  it('decodes and normalises text and attribute values of any length', () => {
    const long = 'x'.repeat(1500)
    expect(events([`<a>${long}&amp;${long}</a>`])).toEqual(['<a>', `"${long}&${long}"`, '</a>'])
    expect(withAttributes(`<a k="${long}&amp;${long}"/>`, (attributes) => attributes.get('k'))).toBe(`${long}&${long}`)
    expect(withAttributes(`<a k="${long}\t${long}"/>`, (attributes) => attributes.get('k'))).toBe(`${long} ${long}`)
  })

  it("shows each start tag's own attributes only, never those of the tag before", () => {
    const seen: (string | undefined)[] = []
    events(['<a y="0" x="1"><b y="3"/></a>'], { open: (_name, attributes) => seen.push(attributes.get('x')) })
    expect(seen).toEqual(['1', undefined])
  })

  it('reads an attribute as a number through its references and line breaks, NaN when absent or not a number', () => {
    const figures = withAttributes('<a lat="4&#53;.5" lon="\n6.25\t" ele="12" bad="x1"/>', (attributes) => ({
      count: attributes.count,
      lat: attributes.decimal('lat'),
      lon: attributes.decimal('lon'),
      ele: attributes.decimal('ele'),
      bad: attributes.decimal('bad'),
      missing: attributes.decimal('time'),
      get: attributes.get('time'),
      // A name that only starts like one that is there is not there.
      prefix: attributes.get('la'),
      longer: attributes.get('latx'),
    }))
    expect(figures).toEqual({ count: 4, lat: 45.5, lon: 6.25, ele: 12, bad: Number.NaN, missing: Number.NaN, get: undefined, prefix: undefined, longer: undefined })
  })

  it('refuses a repeated attribute among many (past 16, where names are kept in a set) as among few', () => {
    const names = Array.from({ length: 40 }, (_, k) => `k${k}`)
    const tag = (list: readonly string[]) => `<a ${list.map((name, k) => `${name}="${k}"`).join(' ')}/>`
    expect(withAttributes(tag(names), (attributes) => attributes.entries())).toEqual(names.map((name, k) => [name, String(k)]))
    for (const [repeated, at] of [
      [0, 1],
      [2, 5],
      [9, 15],
      [0, 16],
      [0, 17],
      [15, 16],
      [16, 17],
      [20, 39],
      [38, 39],
    ] as const) {
      const list = names.map((name, k) => (k === at ? (names[repeated] ?? '') : name))
      expect(errorOf(tag(list)), `k${at} named k${repeated}`).toMatch(new RegExp(`duplicate attribute k${repeated}$`))
    }
    // Same length, different bytes: not a duplicate; spaces around "=" change nothing.
    expect(errorOf('<a ab="1" ac="2" ba="3"/>')).toBe('no error')
    expect(errorOf('<a j="0" k ="1" k="2"/>')).toBe('character 18: duplicate attribute k')
  })

  it('tells element names apart by their bytes even when their hashes collide ("Aa" and "BB")', () => {
    expect(events(['<Aa><BB/><Aa/></Aa>'])).toEqual(['<Aa>', '<BB>', '</BB>', '<Aa>', '</Aa>', '</Aa>'])
    expect(errorOf('<Aa></BB>')).toBe('character 4: </BB> closes <Aa>')
    // Same first bytes, another length.
    expect(errorOf('<ab></abc>')).toBe('character 4: </abc> closes <ab>')
    expect(errorOf('<abc></ab>')).toBe('character 5: </ab> closes <abc>')
  })

  it('reads documents with more distinct element names than it remembers', () => {
    const names = Array.from({ length: 1100 }, (_, k) => `e${k}`)
    const xml = `<root>${names.map((name) => `<${name}>${name}</${name}>`).join('')}${names.map((name) => `<${name}/>`).join('')}</root>`
    const expected = ['<root>', ...names.flatMap((name) => [`<${name}>`, `"${name}"`, `</${name}>`]), ...names.flatMap((name) => [`<${name}>`, `</${name}>`]), '</root>']
    expect(events([xml])).toEqual(expected)
    expect(errorOf(`<root>${names.map((name) => `<${name}/>`).join('')}<e1099></e1098></root>`)).toMatch(/<\/e1098> closes <e1099>/)
  })

  it('gives the local name after the first colon only', () => {
    expect(events(['<a:b:c x:y="1"/>'])).toEqual(['<b:c x:y=1>', '</b:c>'])
  })

  it('counts error offsets in characters, across chunks, not in bytes', () => {
    // "é" and "€" are 2 and 3 bytes, one character each.
    expect(errorOf('<a>é€</b>')).toBe('character 5: </b> closes <a>')
    expect(errorOf(['<a>é', '€</b>'])).toBe('character 5: </b> closes <a>')
    expect(errorOf(['<a>é', '€', '</a>', ' x'])).toBe('character 10: text outside the root element')
    expect(errorOf(['<a>😀', '</a>', '<b/>'])).toBe('character 8: a second root element')
    expect(errorOf('<a>é</a><!-- never')).toBe('character 8: unexpected end of document inside markup')
    expect(errorOf(['<a>éé', '</a'])).toBe('character 5: unexpected end of document inside markup')
  })

  it('skips a byte-order mark at the start only, even when it arrives a byte at a time', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf])
    const doc = Buffer.from('<a>x</a>')
    expect(events([Buffer.concat([bom, doc])])).toEqual(['<a>', '"x"', '</a>'])
    expect(events([bom.subarray(0, 1), bom.subarray(1, 2), Buffer.concat([bom.subarray(2), doc])])).toEqual(['<a>', '"x"', '</a>'])
    expect(events([bom, doc])).toEqual(['<a>', '"x"', '</a>'])
    expect(events([new Uint8Array(0), bom.subarray(0, 2), Buffer.concat([bom.subarray(2), doc])])).toEqual(['<a>', '"x"', '</a>'])
    // A second mark, or one after the root, is text outside the root.
    expect(errorOf([Buffer.concat([bom, bom, doc])])).toBe('character 1: text outside the root element')
    expect(errorOf([Buffer.concat([doc, bom])])).toBe('character 8: text outside the root element')
    // Inside the root it is the text it encodes (U+FEFF).
    expect(events([Buffer.concat([Buffer.from('<a>'), bom, Buffer.from('</a>')])])).toEqual(['<a>', '"\uFEFF"', '</a>'])
    // A lone 0xEF that is not a mark is invalid UTF-8, not skipped.
    expect(errorOf([Buffer.concat([Buffer.from([0xef]), doc])])).toBe('character 0: invalid UTF-8')
    // Nor is another character whose first byte is 0xEF (U+FFFD is EF BF BD).
    expect(errorOf('\uFFFD<a/>')).toBe('character 0: text outside the root element')
  })

  it('refuses UTF-8 cut short at the end of the document, and waits for a character cut by a chunk', () => {
    const euro = Buffer.from('€')
    expect(errorOf([Buffer.concat([Buffer.from('<a/>'), euro.subarray(0, 2)])])).toBe('character 4: invalid UTF-8')
    expect(events([Buffer.from('<a>'), euro.subarray(0, 1), euro.subarray(1, 2), Buffer.concat([euro.subarray(2), Buffer.from('</a>')])])).toEqual(['<a>', '"€"', '</a>'])
    const grin = Buffer.from('😀')
    for (let cut = 1; cut < 4; cut++) {
      expect(events([Buffer.concat([Buffer.from('<a>'), grin.subarray(0, cut)]), Buffer.concat([grin.subarray(cut), Buffer.from('</a>')])]), `cut ${cut}`).toEqual(['<a>', '"😀"', '</a>'])
    }
    // A continuation byte with no lead, and an overlong "/": invalid wherever they are.
    expect(errorOf([Buffer.concat([Buffer.from('<a>xy'), Buffer.from([0x80]), Buffer.from('</a>')])])).toBe('character 5: invalid UTF-8')
    expect(errorOf([Buffer.concat([Buffer.from('<a>é'), Buffer.from([0xc0, 0xaf]), Buffer.from('</a>')])])).toBe('character 4: invalid UTF-8')
    expect(errorOf([Buffer.concat([Buffer.from('<a>'), Buffer.from([0xf5, 0x80, 0x80, 0x80]), Buffer.from('</a>')])])).toBe('character 3: invalid UTF-8')
    expect(errorOf([Buffer.concat([Buffer.from('<a>'), Buffer.from([0xe2, 0x82]), Buffer.from('x</a>')])])).toBe('character 3: invalid UTF-8')
  })

  it('refuses markup longer than MAX_MARKUP_BYTES while it waits for its end, and takes one of exactly that size', () => {
    const fill = (bytes: number) => {
      const scanner = new XmlScanner({ wantsText: false, open: () => undefined, close: () => undefined, text: () => undefined })
      scanner.write(Buffer.from('<a>'))
      scanner.write(Buffer.from(`<!--${'x'.repeat(bytes - 4)}`))
      scanner.write(Buffer.from('--></a>'))
      scanner.close()
    }
    expect(() => fill(MAX_MARKUP_BYTES)).not.toThrow()
    expect(() => fill(MAX_MARKUP_BYTES + 1)).toThrow('character 3: markup too long')
  })

  it('tells each malformed tag apart', () => {
    for (const [xml, message] of [
      ['<a/ >', 'character 2: "/" not followed by ">"'],
      ['<a x="1"y="2"/>', 'character 8: missing space between attributes'],
      ['<a x/>', 'character 4: attribute x without value'],
      ['<a x />', 'character 5: attribute x without value'],
      ['<a "x"/>', 'character 3: unexpected character """ in tag'],
      ['<a x!="1"/>', 'character 4: "!" in an attribute name'],
      ['<a!/>', 'character 2: "!" in a tag name'],
      ['< a/>', 'character 1: invalid tag name'],
      ['<a></a b>', 'character 7: malformed end tag'],
      ['<a></a!>', 'character 6: malformed end tag'],
      ['</a>', 'character 0: unexpected end tag </a>'],
      ['<a><![CDATA[x]]></a><![CDATA[y]]>', 'character 20: CDATA outside the root element'],
    ] as const) {
      expect(errorOf(xml), xml).toBe(message)
    }
    // What is well-formed: spaces around "=" and before the end, both quotes, names with digits, dots and dashes.
    expect(events(['<a.b-1 x = "1"\ty=\'2\' ></a.b-1 >'])).toEqual(['<a.b-1 x=1 y=2>', '</a.b-1>'])
    expect(events(['<?xml version="1.0"?><!-- c --><?pi x?><a/><!-- after --><?pi y?>\n'])).toEqual(['<a>', '</a>'])
  })

  it('reads every token cut anywhere by a chunk end', () => {
    expectEveryCut('<?xml version="1.0"?><!-- c --><a k="v&amp;w" l=\'x\'><b/><![CDATA[<c>]]>t&#233;<d></d ></a>', [
      '<a k=v&w l=x>',
      '<b>',
      '</b>',
      '"<c>té"',
      '<d>',
      '</d>',
      '</a>',
    ])
  })

  it("offers the handler's raw elements below the root only, and waits for more bytes when it asks", () => {
    const offered: string[] = []
    const seen = events(['<p><p>x</p></p>'], {
      rawElements: new Set(['p']),
      readElement: (bytes, start, end) => {
        offered.push(Buffer.from(bytes.subarray(start, end)).toString())
        return -1
      },
    })
    expect(offered).toEqual(['<p>x</p></p>'])
    expect(seen).toEqual(['<p>', '<p>', '"x"', '</p>', '</p>'])

    // Asked for more, the scanner keeps the element for the next chunk; at the end it reads it itself.
    const calls: string[] = []
    const read = (bytes: Uint8Array, start: number, end: number) => {
      const text = Buffer.from(bytes.subarray(start, end)).toString()
      calls.push(text)
      return text.includes('</q>') ? start + text.indexOf('</q>') + 4 : XML_NEED_MORE
    }
    expect(events(['<r><q>1', '</q></r>'], { rawElements: new Set(['q']), readElement: read })).toEqual(['<r>', '</r>'])
    expect(calls).toEqual(['<q>1', '<q>1</q></r>'])
    let asked = 0
    const never = () => {
      asked += 1
      return XML_NEED_MORE
    }
    expect(events(['<r><q>1</q></r>'], { rawElements: new Set(['q']), readElement: never })).toEqual(['<r>', '<q>', '"1"', '</q>', '</r>'])
    expect(asked).toBe(2)
  })
})

describe('XML reading from a byte stream', () => {
  /** A reader handing out `bytes` at most `step` at a time, as an upload arrives. */
  const arriving = (bytes: Uint8Array, step: number): ByteReader => {
    let at = 0
    return (buffer, offset, length) => {
      const count = Math.min(step, length, bytes.length - at)
      buffer.set(bytes.subarray(at, at + count), offset)
      at += count
      return Promise.resolve(count)
    }
  }
  const textOf = async (bytes: Uint8Array, step = 1 << 20): Promise<string> => {
    let text = ''
    await readXml(arriving(bytes, step), {
      get wantsText() {
        return true
      },
      open: () => undefined,
      close: () => undefined,
      text: (chunk, start, end) => (text += Buffer.from(chunk.subarray(start, end)).toString('utf8')),
    })
    return text
  }
  const codeOf = async (promise: Promise<unknown>): Promise<string> => {
    try {
      await promise
      return 'no error'
    } catch (error) {
      return isAppError(error) ? error.code : `unhandled: ${String(error)}`
    }
  }
  const latin1 = (declaration: string) => Buffer.concat([Buffer.from(`${declaration}<a>Caf`), Buffer.from([0xe9]), Buffer.from('</a>')])

  it('reads a document declared ISO-8859-1 or windows-1252 as Latin-1, whatever the spelling', async () => {
    for (const name of ['ISO-8859-1', 'iso8859-1', 'latin1', 'LATIN-1', 'l1', 'windows-1252', 'CP1252']) {
      expect(await textOf(latin1(`<?xml version="1.0" encoding="${name}"?>`)), name).toBe('Café')
    }
    expect(await textOf(latin1("<?xml version='1.0' encoding = 'ISO-8859-1' ?>\n"))).toBe('Café')
  })

  it('reads a document that starts with a UTF-8 byte-order mark as UTF-8, whatever its declaration says', async () => {
    const declared = "\uFEFF<?xml version='1.0' encoding='ISO-8859-1'?>"
    expect(await textOf(Buffer.from(`${declared}<a>Café</a>`))).toBe('Café')
    expect(await codeOf(textOf(latin1(declared)))).toBe('track_xml_invalid')
  })

  it('reads every other document as UTF-8, refusing a Latin-1 byte there', async () => {
    for (const declaration of ['', '<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0" encoding="ISO-8859-15"?>', '<!-- encoding="ISO-8859-1" --><?xml encoding="ISO-8859-1"?>']) {
      expect(await codeOf(textOf(latin1(declaration))), declaration).toBe('track_xml_invalid')
    }
  })

  it('reads a document arriving a few bytes at a time like one read whole, Latin-1 or UTF-8', async () => {
    const bytes = Buffer.from('<a>é€😀 &amp; ok<b c="1"/>x</a>')
    for (const step of [1, 2, 3, 5]) expect(await textOf(bytes, step), `step ${step}`).toBe('é€😀 & okx')
    // The declaration is judged on the first 256 bytes however they arrive; tokens cut between reads are whole.
    const pad = 'z'.repeat(300)
    const declared = Buffer.concat([Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?><a>${pad}&lt;<b c="&amp;"/>`), latin1(''), Buffer.from('<c/>!</a>')])
    for (const step of [1, 2, 3, 5, 300]) expect(await textOf(declared, step), `Latin-1, step ${step}`).toBe(`${pad}<Café!`)
    // Beyond them it is not looked for.
    expect(await codeOf(textOf(latin1(`<?xml version="1.0"${' '.repeat(256)}encoding="ISO-8859-1"?>`)))).toBe('track_xml_invalid')
  })

  it('keeps a token longer than the read margin that straddles two reads whole (a 10 kB attribute at the 1 MiB mark)', async () => {
    const chunk = 1 << 20
    const value = 'v'.repeat(10_000)
    const head = `<a>${'x'.repeat(chunk - 3 - 5_000)}`
    // The rest is longer than a read, so the next read fills the buffer behind the kept bytes.
    const tail = 'y'.repeat(chunk + 10_000)
    const bytes = Buffer.from(`${head}<b c="${value}"/>${tail}</a>`)
    expect(await textOf(bytes, chunk)).toBe(`${'x'.repeat(chunk - 3 - 5_000)}${tail}`)
  })

  it('says a document cut inside markup ends there, not that an element is left open', async () => {
    const detailOf = async (xml: string): Promise<string | undefined> => {
      try {
        await textOf(Buffer.from(xml), 4)
        return 'no error'
      } catch (error) {
        return isAppError(error) ? error.detail : `unhandled: ${String(error)}`
      }
    }
    expect(await detailOf('<a>xy</a')).toBe('character 5: unexpected end of document inside markup')
    expect(await detailOf('<a>xy')).toBe('character 5: unclosed element <a>')
  })

  it('gives the catalogued errors: a DOCTYPE, broken XML; a handler error passes through as it is', async () => {
    expect(await codeOf(textOf(Buffer.from('<!DOCTYPE a><a/>')))).toBe('track_xml_doctype')
    expect(await codeOf(textOf(Buffer.from('<a></b>')))).toBe('track_xml_invalid')
    expect(await codeOf(textOf(Buffer.from('<a>')))).toBe('track_xml_invalid')
    expect(await codeOf(textOf(Buffer.from('')))).toBe('track_xml_invalid')
    const mine = new Error('handler says no')
    await expect(readXml(arriving(Buffer.from('<a/>'), 10), { wantsText: false, open: () => { throw mine }, close: () => undefined, text: () => undefined })).rejects.toBe(mine)
    expect(() => readXmlString('<a><!DOCTYPE a></a>', { wantsText: false, open: () => undefined, close: () => undefined, text: () => undefined })).toThrow(
      expect.objectContaining({ code: 'track_xml_doctype' }),
    )
  })
})

describe('XmlText', () => {
  it('collects pieces past its first buffer and reads them as a string, a number and a time', () => {
    const text = new XmlText()
    const long = 'x'.repeat(100)
    text.append(Buffer.from(`ab${long}cd`), 2, 102)
    text.append(Buffer.from('é!'), 0, 2)
    expect(text.string()).toBe(`${long}é`)
    // A piece longer than twice what it holds.
    const longer = 'y'.repeat(1000)
    text.append(Buffer.from(longer), 0, 1000)
    expect(text.string()).toBe(`${long}é${longer}`)
    text.clear()
    text.append(Buffer.from(' -12.5 '), 0, 7)
    expect(text.decimal()).toBe(-12.5)
    text.clear()
    text.append(Buffer.from('2020-01-02T03:04:05'), 0, 19)
    text.append(Buffer.from('.5Z'), 0, 3)
    expect(text.isoTime()).toBe(Date.UTC(2020, 0, 2, 3, 4, 5, 500))
    text.clear()
    expect(text.string()).toBe('')
  })
})

describe('more scanner rules', () => {
  it('refuses a character reference with any character not a digit, even before a last digit', () => {
    for (const reference of ['&#x1G1;', '&#1A1;']) {
      expect(errorOf(`<a>${reference}</a>`), reference).toBe(`character 3: invalid character reference ${reference}`)
    }
  })

  it('does not take an attribute whose name starts an earlier one for its duplicate', () => {
    expect(withAttributes('<a ab="1" a="2"/>', (attributes) => attributes.entries())).toEqual([
      ['ab', '1'],
      ['a', '2'],
    ])
  })
})

/** The files under `folder` this process holds open (Linux: its descriptors in /proc). */
function openFilesUnder(folder: string): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`)
      return target.startsWith(folder) ? [target] : []
    } catch {
      return [] // the descriptor readdirSync itself used, closed since
    }
  })
}

describe('readXmlFile', () => {
  it('closes its file after reading it, and after refusing it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'waymark-xml-'))
    try {
      const handler = { wantsText: false, open: () => undefined, close: () => undefined, text: () => undefined }
      writeFileSync(join(folder, 'good.xml'), '<a>1</a>')
      writeFileSync(join(folder, 'bad.xml'), '<a>1</b>')
      await readXmlFile(join(folder, 'good.xml'), handler)
      await expect(readXmlFile(join(folder, 'bad.xml'), handler)).rejects.toMatchObject({ code: 'track_xml_invalid' })
      expect(openFilesUnder(folder)).toEqual([])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
