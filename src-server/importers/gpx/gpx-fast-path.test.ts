import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SaxesParser } from 'saxes'
import { describe, expect, it } from 'vitest'
import type { Track } from '../../../src/domain/track'
import { isAppError } from '../../../src/errors/app-error'
import { rideToGpx, syntheticRide } from '../test-support/synthetic-ride'
import { importGpxFile, importGpxString } from './gpx-importer'
import { seededRandom } from '../../../src/test-support/seeded-random'

const fixtureDirs = ['gpx', 'gpx-generated'].map((dir) => fileURLToPath(new URL(`../../../tests/fixtures/${dir}/`, import.meta.url)))

/** A track as plain data (typed arrays as arrays), or the error code. */
function outcome(read: () => Track): unknown {
  try {
    const track = read()
    return {
      ...track,
      tracks: track.tracks.map((part) => ({
        ...part,
        segments: part.segments.map((segment) =>
          Object.fromEntries(Object.entries(segment).map(([key, value]) => [key, value instanceof Float64Array ? Array.from(value) : value])),
        ),
      })),
    }
  } catch (error) {
    return isAppError(error) ? `error ${error.code}` : `unhandled ${String(error)}`
  }
}

/** `xml` read from a file (in the reader's 1 MiB chunks), checked equal to the XML parser's reading of the string. */
async function readAsFileLikeString(xml: string): Promise<Track> {
  const dir = mkdtempSync(join(tmpdir(), 'waymark-gpx-'))
  try {
    const path = join(dir, 'ride.gpx')
    writeFileSync(path, xml)
    const fromFile = (await importGpxFile(path)).track
    expect(outcome(() => fromFile)).toEqual(outcome(() => importGpxString(xml, { fastPoints: false })))
    return fromFile
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Whether saxes finds the document well-formed; 'unchecked' when it refuses it only for what our
 * scanner documents it does not check (the XML character ranges).
 */
function saxesVerdict(xml: string): 'accepted' | 'refused' | 'unchecked' {
  const parser = new SaxesParser({ xmlns: false })
  let failed: string | null = null
  parser.on('error', (error) => (failed ??= error.message))
  parser.write(xml).close()
  if (failed === null) return 'accepted'
  return /disallowed character\.|malformed character entity/.test(failed) ? 'unchecked' : 'refused'
}

function expectSamePaths(xml: string, label: string): void {
  expect(outcome(() => importGpxString(xml)), label).toEqual(outcome(() => importGpxString(xml, { fastPoints: false })))
}

function gpx(points: string): string {
  return (
    '<?xml version="1.0"?><gpx version="1.1" xmlns:gpxtpx="x" xmlns:ns3="y"><trk><trkseg>' +
    `${points}<trkpt lat="45.1" lon="6.1"><time>2024-05-01T08:10:00Z</time></trkpt></trkseg></trk></gpx>`
  )
}

const T = '<time>2024-05-01T08:00:00Z</time>'

/** Point forms the fast path reads and forms it must leave to the event path. */
const POINTS = [
  `<trkpt lat="45.123456" lon="6.123456"><ele>402.4</ele>${T}</trkpt>`,
  `<trkpt lon='6.5' lat='45.5'>\n  <ele>-3</ele>\n  ${T}\n</trkpt>`,
  `<trkpt  lat = "45" \n lon="6" >${T}<ele>12</ele></trkpt>`,
  `<trkpt lat="45" lon="6">${T}<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>130</gpxtpx:hr><gpxtpx:cad>88</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>`,
  `<trkpt lat="45" lon="6">${T}<extensions>\n <ns3:TrackPointExtension>\n  <ns3:hr>0</ns3:hr>\n  <ns3:hr>140</ns3:hr>\n  <ns3:hr>150</ns3:hr>\n  <ns3:atemp>-4.5</ns3:atemp>\n  <ns3:power>250</ns3:power>\n </ns3:TrackPointExtension>\n</extensions></trkpt>`,
  `<trkpt lat="45" lon="6">${T}<extensions><TrackPointExtension><hr>99</hr></TrackPointExtension></extensions></trkpt>`,
  `<trkpt lat="45" lon="6">${T}<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr> 120 </gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
  `<trkpt lat="45" lon="6">${T}<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>999</gpxtpx:hr><gpxtpx:speed>3</gpxtpx:speed></gpxtpx:TrackPointExtension></extensions></trkpt>`,
  `<trkpt lat="45" lon="6">${T}<extensions><hr>77</hr></extensions></trkpt>`,
  // Names the fast path remembers from earlier points, in another order, prefix or length.
  `<trkpt lat="45" lon="6">${T}<extensions><ns3:TrackPointExtension><ns3:cad>80</ns3:cad><gpxtpx:hr>120</gpxtpx:hr><ns3:hrv>5</ns3:hrv></ns3:TrackPointExtension></extensions></trkpt>`,
  `<trkpt lat="45" lon="6">${T}<extensions><gpxtpx:TrackPointExtensionX><gpxtpx:cad>81</gpxtpx:cad></gpxtpx:TrackPointExtensionX></extensions></trkpt>`,
  `<trkpt lat="45" lon="6">${T}<extensions><gpxtpx:TrackPointExtension a="1"><gpxtpx:hr>77</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
  `<trkpt lat="45" lon="6">${T}<extensions><constructor>5</constructor><toString>6</toString><__proto__>7</__proto__></extensions></trkpt>`,
  `<trkpt lat="45" lon="6"><ele>1&#48;</ele>${T}</trkpt>`,
  `<trkpt lat="45" lon="6"><ele><![CDATA[12]]></ele>${T}</trkpt>`,
  `<trkpt lat="45" lon="6"><!-- c --><ele>12</ele>${T}</trkpt>`,
  `<trkpt lat="45" lon="6"><name>x</name><ele>12</ele>${T}<sat>5</sat></trkpt>`,
  `<trkpt lat="4.5e1" lon="+6"><ele>1e2</ele>${T}</trkpt>`,
  `<trkpt lat=" 45 " lon="6.0000000000000001"><ele> 7 </ele><time>2024-05-01T10:00:00.5+02:00</time></trkpt>`,
  `<trkpt lat="45" lon="6"><ele>12</ele><time>2024-05-01T08:00:00.123456Z</time></trkpt>`,
  `<trkpt lat="45" lon="6"><ele>12</ele><time>2024-02-30T24:00:60Z</time></trkpt>`,
  `<trkpt lat="45" lon="6"><ele></ele><time></time></trkpt>`,
  `<trkpt lat="45" lon="6" time="x"><ele>1</ele>${T}</trkpt>`,
  `<trkpt lat="45" lon="6"/>`,
  `<trkpt lat="45"><ele>1</ele>${T}</trkpt>`,
  `<trkpt lat="91" lon="6">${T}</trkpt>`,
  `<trkpt lat="45" lat="46" lon="6">${T}</trkpt>`,
  `<trkpt lat="45"lon="6">${T}</trkpt>`,
  `<trkpt lat="45" lon="6">${T}</trkseg>`,
  `<trkpt lat="45" lon="6"><ele>1</elevation>${T}</trkpt>`,
  `<trkpt lat="4&amp;5" lon="6">${T}</trkpt>`,
  `<trkpt lat="45" lon="6">${T}<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>1</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>`,
]

describe('GPX <trkpt> fast path', () => {
  it('gives the same track (or error) as the event path for every point form', () => {
    for (const point of POINTS) expectSamePaths(gpx(point + point), point)
    expectSamePaths(gpx(POINTS.join('\n')), 'all forms in one file')
    // The fast path reads on from one point to the next over whitespace only.
    const point = POINTS[3] ?? ''
    for (const between of ['', ' \r\n\t', 'x', ' &amp; ', '&nope;', '<!-- c -->', ' <trkpt lat="1" lon="1"/> ']) {
      expectSamePaths(gpx(`${point}${between}${point}`), `between two points: ${between}`)
    }
  })

  it('gives the same outcome as the event path on randomly damaged points', () => {
    // mulberry32, seeded: the same mutations on every run.
    const random = seededRandom(2024)
    const alphabet = ['<', '>', '/', '"', "'", '=', ' ', '&', ';', ':', 'e', 't', '1', '.', '-', 'x', '\n']
    const base = POINTS.slice(0, 7)
    for (let round = 0; round < 600; round++) {
      const point = base[round % base.length] ?? ''
      const chars = [...point]
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * chars.length)
        const roll = random()
        if (roll < 0.4) chars.splice(at, 1)
        else if (roll < 0.8) chars.splice(at, 0, alphabet[Math.floor(random() * alphabet.length)] ?? '')
        else chars[at] = alphabet[Math.floor(random() * alphabet.length)] ?? ''
      }
      expectSamePaths(gpx(chars.join('') + point), `round ${round}: ${chars.join('')}`)
    }
  })

  it('gives the same outcome as the event path for every one-character edit of a point, its names learnt or not', () => {
    // Each character of each form replaced by another letter, by a quote or removed: a byte the fast path
    // should check but does not shows as a point read where the event path reads another (or refuses).
    const forms = [POINTS[0], POINTS[3], POINTS[4], POINTS[5], `<trkpt lat='45' lon='6'>${T}<extensions><hr>77</hr></extensions></trkpt>`].map((form) => form ?? '')
    let edits = 0
    for (const form of forms) {
      for (let at = 0; at < form.length; at++) {
        for (const by of ['X', '"', '']) {
          const edited = form.slice(0, at) + by + form.slice(at + 1)
          if (edited === form) continue
          edits += 1
          // After the form itself (the element names learnt from it) and first in the file (nothing learnt).
          expectSamePaths(gpx(form + edited), `after: ${edited}`)
          expectSamePaths(gpx(edited + form), `first: ${edited}`)
        }
      }
    }
    expect(edits).toBeGreaterThan(1_000)
  })

  it('gives the same track in random chunks, fast or not, and is refused when saxes finds the XML broken', () => {
    const random = seededRandom(0xc4a1)
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
    const alphabet = ['<', '>', '/', '"', "'", '=', ' ', '&', ';', 'e', '1', '\n', 'é', '🚴']
    /** Random cuts, often inside tags, references and multi-byte characters. */
    const cutsOf = (length: number): number[] => {
      const cuts: number[] = []
      for (let at = 1 + Math.floor(random() * 40); at < length; at += 1 + Math.floor(random() * (random() < 0.5 ? 6 : 120))) cuts.push(at)
      return cuts
    }
    let refused = 0
    for (let round = 0; round < 300; round++) {
      let points = ''
      for (let n = 1 + Math.floor(random() * 5); n > 0; n--) points += pick(POINTS) + pick(['', '\n', '<!-- é 🚴 -->'])
      const chars = [...points]
      if (random() < 0.5) {
        const at = Math.floor(random() * chars.length)
        if (random() < 0.5) chars.splice(at, 1)
        else chars.splice(at, 0, pick(alphabet))
      }
      const xml = gpx(chars.join(''))
      const label = `round ${round}: ${chars.join('')}`
      const whole = outcome(() => importGpxString(xml, { fastPoints: false }))
      const size = Buffer.byteLength(xml)
      expect(outcome(() => importGpxString(xml, { splitAt: cutsOf(size) })), label).toEqual(whole)
      expect(outcome(() => importGpxString(xml, { fastPoints: false, splitAt: cutsOf(size) })), label).toEqual(whole)
      // saxes, a conforming parser, decides whether the document is well-formed.
      const saxes = saxesVerdict(xml)
      if (saxes === 'unchecked') continue
      if (saxes === 'refused') refused += 1
      // A broken document is refused (a point's own error may come first); a sound one never as broken XML.
      if (saxes === 'refused') expect(typeof whole === 'string' && whole.startsWith('error '), label).toBe(true)
      else expect(whole, label).not.toBe('error track_xml_invalid')
    }
    // The edits must really break documents, or the last check proves little.
    expect(refused).toBeGreaterThan(30)
  })

  it('gives the same track as the event path for every GPX fixture', () => {
    for (const dir of fixtureDirs) {
      for (const name of readdirSync(dir).filter((file) => file.endsWith('.gpx'))) {
        expectSamePaths(readFileSync(join(dir, name), 'utf8'), name)
      }
    }
  })

  it('reads points split across the 1 MiB chunks of a file like whole ones', async () => {
    const xml = rideToGpx(syntheticRide(12_000, { stopEvery: 700 }))
    expect(xml.length).toBeGreaterThan(2.2 * (1 << 20))
    const fromFile = await readAsFileLikeString(xml)
    expect(fromFile.tracks[0]?.segments[0]?.size).toBe(12_000)
  })

  it('remembers element names as copies, not views of a read buffer the next chunk overwrites', async () => {
    // The file is read into one reused 1 MiB buffer: put a power element exactly where a heart
    // rate element was in the previous chunk (the same 9 bytes long), so a remembered view of
    // the buffer would read "ns3:power" and take it for heart rate.
    const head = '<?xml version="1.0"?><gpx version="1.1" xmlns:gpxtpx="x" xmlns:ns3="y"><trk><trkseg>\n'
    const first = `<trkpt lat="45" lon="6">${T}<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`
    const second = `<trkpt lat="45" lon="6"><time>2024-05-01T08:00:01Z</time><extensions><ns3:TrackPointExtension><ns3:power>250</ns3:power></ns3:TrackPointExtension></extensions></trkpt>`
    const nameAt = head.length + first.indexOf('gpxtpx:hr')
    const xml =
      (head + first).padEnd(1 << 20, ' ') + ' '.repeat(nameAt - second.indexOf('ns3:power')) + second + '\n</trkseg></trk></gpx>\n'
    expect(xml.indexOf('ns3:power')).toBe((1 << 20) + nameAt)
    const fromFile = await readAsFileLikeString(xml)
    expect(Array.from(fromFile.tracks[0]?.segments[0]?.power ?? [])).toEqual([Number.NaN, 250])
  })
})
