import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readXmlFile } from './xml-reader'
import { scanEvents } from '../test-support/xml-events'
import { MAX_MARKUP_BYTES, XmlDoctypeError, XmlScanner, XmlSyntaxError } from './xml-scanner'

const events = (chunks: readonly (string | Uint8Array)[]) => scanEvents(chunks)

function errorOf(xml: string): string {
  try {
    events([xml])
    return 'no error'
  } catch (error) {
    if (error instanceof XmlDoctypeError) return 'doctype'
    if (error instanceof XmlSyntaxError) return error.message
    throw error
  }
}

const DOCUMENT = `<?xml version="1.0"?>
<!-- a comment -->
<gpx version="1.1" creator='A &amp; B &#x263A;'><trk><name>Caf&#233; &lt;ride&gt; &quot;one&quot;</name>
<desc><![CDATA[raw <b>text</b> & more]]></desc><trkseg><trkpt lat="1.5" lon = "2"/></trkseg></trk></gpx>
`

describe('XmlScanner', () => {
  it('reads elements, attributes, entities, character references and CDATA with local names', () => {
    const whole = events([DOCUMENT])
    expect(whole).toContain('<gpx version=1.1 creator=A & B ☺>')
    expect(whole).toContain('"Café <ride> "one""')
    expect(whole).toContain('"raw <b>text</b> & more"')
    expect(whole).toContain('<trkpt lat=1.5 lon=2>')
    expect(whole.filter((event) => event.startsWith('</'))).toEqual([
      '</name>',
      '</desc>',
      '</trkpt>',
      '</trkseg>',
      '</trk>',
      '</gpx>',
    ])
  })

  it('gives the same events whatever the chunk boundaries', () => {
    const whole = events([DOCUMENT])
    for (const size of [1, 2, 3, 7, 13]) {
      const chunks: string[] = []
      for (let i = 0; i < DOCUMENT.length; i += size) chunks.push(DOCUMENT.slice(i, i + size))
      expect(events(chunks), `chunks of ${size}`).toEqual(whole)
    }
  })

  it('strips namespace prefixes', () => {
    expect(events(['<a:gpx><ns3:hr>1</ns3:hr></a:gpx>'])).toEqual(['<gpx>', '<hr>', '"1"', '</hr>', '</gpx>'])
  })

  it('reports well-formedness errors with their offset', () => {
    expect(errorOf('<gpx><trk></gpx>')).toBe('character 10: </gpx> closes <trk>')
    expect(errorOf('<gpx>')).toBe('character 5: unclosed element <gpx>')
    expect(errorOf('')).toBe('character 0: no root element')
    expect(errorOf('<gpx a=1/>')).toMatch(/unquoted value of attribute a/)
    expect(errorOf('<gpx a="1" a="2"/>')).toMatch(/duplicate attribute a/)
    expect(errorOf('<gpx a="<"/>')).toMatch(/"<" in attribute value/)
    expect(errorOf('<gpx>&nbsp;</gpx>')).toBe('character 5: undefined entity &nbsp;')
    expect(errorOf('<gpx>fish & chips</gpx>')).toMatch(/bare "&"/)
    expect(errorOf('<gpx>&#0;</gpx>')).toMatch(/invalid character reference/)
    // A NUL byte in markup: an attribute, a comment, a processing instruction, a tag (its own syntax error); outside the root element.
    expect(errorOf('<gpx a="\u0000"/>')).toBe('character 8: NUL character')
    expect(errorOf('<gpx><!-- \u0000 --></gpx>')).toBe('character 10: NUL character')
    expect(errorOf('<gpx><?pi \u0000?></gpx>')).toBe('character 10: NUL character')
    expect(errorOf('<gpx><a></a \u0000></gpx>')).toBe('character 12: malformed end tag')
    expect(errorOf('<gpx/>\u0000')).toMatch(/text outside the root element/)
    expect(errorOf('<gpx/><gpx/>')).toMatch(/a second root element/)
    expect(errorOf('text<gpx/>')).toMatch(/text outside the root element/)
    expect(errorOf('<gpx></ gpx>')).toMatch(/end tag without a name/)
    expect(errorOf('<1gpx/>')).toMatch(/invalid tag name/)
    expect(errorOf('<gpx><!ELEMENT x></gpx>')).toMatch(/unexpected "<!"/)
    expect(errorOf('<gpx><!-- never closed')).toMatch(/unexpected end of document inside markup/)
  })

  it("drops a NUL from character data (a C string's padding), whatever the chunks, the references beside it or the CDATA around it", () => {
    const padded = '<gpx><name>Concept2\u0000\u0000</name><desc>a\u0000&amp;b</desc><cmt><![CDATA[c\u0000d]]></cmt><trkpt lat="1"/></gpx>'
    const expected = ['<gpx>', '<name>', '"Concept2"', '</name>', '<desc>', '"a&b"', '</desc>', '<cmt>', '"cd"', '</cmt>', '<trkpt lat=1>', '</trkpt>', '</gpx>']
    expect(events([padded])).toEqual(expected)
    for (const size of [1, 2, 5]) {
      const chunks: string[] = []
      for (let i = 0; i < padded.length; i += size) chunks.push(padded.slice(i, i + size))
      expect(events(chunks), `chunks of ${size}`).toEqual(expected)
    }
  })

  it('refuses any DOCTYPE, so entities declared there never expand', () => {
    expect(errorOf('<!DOCTYPE gpx [<!ENTITY a "b">]><gpx>&a;</gpx>')).toBe('doctype')
    expect(errorOf('<!DOCTYPE gpx SYSTEM "http://example.com/x.dtd"><gpx/>')).toBe('doctype')
  })

  it('bounds the size of a single piece of markup', () => {
    const scanner = new XmlScanner({ wantsText: false, open: () => undefined, close: () => undefined, text: () => undefined })
    scanner.write(Buffer.from('<gpx><!-- '))
    const filler = Buffer.from('x'.repeat(1 << 16))
    expect(() => {
      for (let i = 0; i <= MAX_MARKUP_BYTES / filler.length + 1; i++) scanner.write(filler)
    }).toThrow(/markup too long/)
  })

  it('reads files whose multi-byte characters and markup straddle the 1 MiB read chunks', async () => {
    const chunk = 1 << 20
    for (const shift of [0, 1, 2, 3, 5, 9]) {
      const prefix = '<gpx><a>'
      const text = `${'x'.repeat(chunk - prefix.length - 2 - shift)}é€😀 &amp; ok`
      const xml = `${prefix}${text}</a><b c="1"/></gpx>`
      const dir = mkdtempSync(join(tmpdir(), 'waymark-xml-'))
      try {
        writeFileSync(join(dir, 'doc.xml'), xml)
        const pieces: Buffer[] = []
        const names: string[] = []
        await readXmlFile(join(dir, 'doc.xml'), {
          wantsText: true,
          open: (name) => names.push(name),
          close: () => undefined,
          text: (bytes, start, end) => pieces.push(Buffer.from(bytes.subarray(start, end))),
        })
        expect(Buffer.concat(pieces).toString('utf8'), `shift ${shift}`).toBe(text.replace('&amp;', '&'))
        expect(names).toEqual(['gpx', 'a', 'b'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  })

  it('refuses invalid UTF-8 with its character offset', () => {
    const scanner = new XmlScanner({ wantsText: false, open: () => undefined, close: () => undefined, text: () => undefined })
    expect(() => {
      scanner.write(Buffer.concat([Buffer.from('<gpx>é'), Buffer.from([0xc3, 0x28]), Buffer.from('</gpx>')]))
      scanner.close()
    }).toThrow('character 6: invalid UTF-8')
  })
})
