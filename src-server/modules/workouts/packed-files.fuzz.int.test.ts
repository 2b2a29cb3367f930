import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkoutsResponse } from '../../../src/contracts'
import { errorCatalogue, type ErrorCode } from '../../../src/errors'
import { seededRandom } from '../../../src/test-support/seeded-random'
import { expectNothingChanged, snapshot } from '../../hostile/invariants'
import { googleEarthKml, kmlDocument } from '../../importers/test-support/kml'
import { gpxReference } from '../../importers/test-support/reference-figures'
import { registerUser, type Account } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'
import { fixture, realFixtures, upload } from '../../test/workouts'
import { buildZip } from '../../test/zip-builder'

/**
 * Seeded fuzzing of the packed and Google Earth formats through the real server: damaged KML,
 * KMZ and gzip files (cut anywhere, bytes overwritten, odd XML spliced in, wrong checksums,
 * bombs). Whatever arrives, the answer is an import or a catalogued refusal with its status —
 * never a 500, never a hang (each case has the test timeout) — and nothing is left behind: a
 * refusal changes no row and no file, an import deleted again leaves the data as it was.
 * The seed is fixed so a failure reproduces; change it to explore further.
 */
const SEED = 20_261_124

type Rng = () => number
const below = (random: Rng, n: number) => Math.floor(random() * n)
const pick = <T,>(random: Rng, items: readonly T[]): T => items[below(random, items.length)] as T

/** XML a KML file should never hold, spliced in at random places. */
const ODD_XML = [
  '<gx:Track>',
  '</gx:Track>',
  '</Placemark>',
  '<Placemark><gx:Track></gx:Track></Placemark>',
  '<when>yesterday</when>',
  '<when>2020-13-45T99:99:99Z</when>',
  '<gx:coord>1e400 NaN 0</gx:coord>',
  '<gx:coord>6 45</gx:coord>',
  '<coordinates>6,45,0 ,, 7,46</coordinates>',
  '<![CDATA[ <gx:Track> ]]>',
  '&unknown;',
  '&#0;',
  '&#xD800;',
  '\u0000',
  '<!-- unclosed comment',
  '<?xml version="1.0"?>',
  '<!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa">]>',
  '<gx:SimpleArrayData name="heart_rate"><gx:value>-5</gx:value><gx:value>1e9</gx:value></gx:SimpleArrayData>',
  `${'<Folder>'.repeat(2000)}${'</Folder>'.repeat(2000)}`,
  '<a:b:c xmlns:a="x">',
  '"\'<>&',
]

/** The bytes cut at a random place (never empty). */
function truncate(random: Rng, bytes: Buffer): Buffer {
  return bytes.subarray(0, 1 + below(random, bytes.length - 1))
}

/** One to eight bytes overwritten with random values. */
function flip(random: Rng, bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes)
  for (let n = 1 + below(random, 8); n > 0; n -= 1) copy[below(random, copy.length)] = below(random, 256)
  return copy
}

/** Odd XML spliced in at one to three random places. */
function splice(random: Rng, text: string): string {
  let out = text
  for (let n = 1 + below(random, 3); n > 0; n -= 1) {
    const at = below(random, out.length)
    out = out.slice(0, at) + pick(random, ODD_XML) + out.slice(at)
  }
  return out
}

/** Values a well-formed KML may carry where a time or a coordinate belongs. */
const ODD_TIMES = ['', 'yesterday', '1901-12-13T20:45:52Z', '2100-01-01T00:00:00Z', '2020-02-30T10:00:00Z', '2020-05-01T10:00:00+25:00']
const ODD_COORDS = ['', '6', '1e400 45 0', '200 95 0', 'NaN NaN NaN', '6 45 99999999', '-0 -0 -0', '6,45,0']

/**
 * The same document still well-formed but odd inside, so the KML reader itself is exercised:
 * digits changed, `<when>`/`<gx:coord>`/`<gx:value>` elements dropped, or odd times and coordinates.
 */
function oddButWellFormed(random: Rng, text: string): string {
  const kind = below(random, 4)
  if (kind === 0) return text.replace(/\d/g, (digit) => (random() < 0.01 ? String(below(random, 10)) : digit))
  if (kind === 1) {
    const element = pick(random, ['when', 'gx:coord', 'gx:value'])
    return text.replace(new RegExp(`<${element}>[^<]*</${element}>`, 'g'), (match) => (random() < 0.05 ? '' : match))
  }
  const [element, values] = kind === 2 ? (['when', ODD_TIMES] as const) : (['gx:coord', ODD_COORDS] as const)
  return text.replace(new RegExp(`<${element}>[^<]*</${element}>`, 'g'), (match) => (random() < 0.05 ? `<${element}>${pick(random, values)}</${element}>` : match))
}

/** A damaged text document: cut, overwritten, with odd XML spliced in, or odd but well-formed. */
function damagedText(random: Rng, text: string): Buffer {
  const kind = below(random, 5)
  if (kind === 0) return truncate(random, Buffer.from(text))
  if (kind === 1) return flip(random, Buffer.from(text))
  if (kind === 2) return Buffer.from(splice(random, text))
  return Buffer.from(oddButWellFormed(random, text))
}

/** A gzip member whose stored CRC-32 (the trailer's first 4 bytes) is wrong. */
function wrongCrc(gzipped: Buffer): Buffer {
  const copy = Buffer.from(gzipped)
  copy.writeUInt32LE((copy.readUInt32LE(copy.length - 8) ^ 0x5a5a5a5a) >>> 0, copy.length - 8)
  return copy
}

interface Case {
  readonly label: string
  readonly name: string
  /** Made when the case runs (files are read, bombs allocated, only then). */
  readonly bytes: () => Buffer | Promise<Buffer>
}

describe('fuzzed KML, KMZ and gzip files', () => {
  const random = seededRandom(SEED)
  // A real recording (amazfit.gpx, read by the independent reader) as Google Earth writes it, short.
  const walk = gpxReference(join(realFixtures(), 'gpx/amazfit.gpx'))
  const kml = googleEarthKml({ ...walk, segments: walk.segments.map((points) => points.slice(0, 120)) })
  const kmz = (doc: Buffer | string) => buildZip([{ name: 'files/icon.png', data: 'png' }, { name: 'doc.kml', data: doc, deflate: true }])

  const cases: Case[] = []
  for (let i = 0; i < 40; i += 1) {
    const bytes = damagedText(random, kml)
    cases.push({ label: `KML ${i}`, name: 'walk.kml', bytes: () => bytes })
  }
  for (let i = 0; i < 15; i += 1) {
    const doc = damagedText(random, kml)
    cases.push({ label: `KMZ holding a damaged KML ${i}`, name: 'walk.kmz', bytes: () => kmz(doc) })
  }
  for (let i = 0; i < 15; i += 1) {
    const damage = random() < 0.5 ? truncate : flip
    const seed = below(random, 2 ** 31)
    cases.push({ label: `damaged KMZ ${i} (${damage.name})`, name: 'walk.kmz', bytes: () => damage(seededRandom(seed), kmz(kml)) })
  }
  for (const [inner, source] of [
    ['walk.kml', () => Promise.resolve(Buffer.from(kml))],
    ['ride.gpx', () => fixture('gpx/gpx_file.gpx')],
    ['ride.fit', () => fixture('fit/gpx_file.fit')],
  ] as const) {
    for (let i = 0; i < 10; i += 1) {
      const kind = below(random, 3)
      const seed = below(random, 2 ** 31)
      const label = ['cut', 'bytes overwritten', 'inner file damaged'][kind] ?? ''
      cases.push({
        label: `${inner}.gz ${i} (${label})`,
        name: `${inner}.gz`,
        bytes: async () => {
          const rng = seededRandom(seed)
          const file = await source()
          if (kind === 2) return gzipSync(flip(rng, file))
          return kind === 0 ? truncate(rng, gzipSync(file)) : flip(rng, gzipSync(file))
        },
      })
    }
  }
  const bomb = () => Buffer.alloc(30 * 1024 * 1024, 0x20)
  cases.push(
    { label: 'KML of a billion laughs (an entity expanding into entities)', name: 'laughs.kml', bytes: () => Buffer.from(`<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "${'x'.repeat(100)}"><!ENTITY b "${'&a;'.repeat(100)}"><!ENTITY c "${'&b;'.repeat(100)}">]><kml><Document><name>&c;</name></Document></kml>`) },
    { label: 'KML gzip bomb (30 MB of spaces)', name: 'bomb.kml.gz', bytes: () => gzipSync(bomb()) },
    { label: 'KMZ bomb (30 MB of spaces as doc.kml)', name: 'bomb.kmz', bytes: () => kmz(bomb()) },
    { label: 'KMZ whose doc.kml claims a tenth of its size', name: 'liar.kmz', bytes: () => lyingKmz(Buffer.from(kml)) },
    { label: 'KMZ holding a KMZ', name: 'nested.kmz', bytes: () => buildZip([{ name: 'inner.kmz', data: kmz(kml) }]) },
    { label: 'gzip with a wrong CRC', name: 'walk.kml.gz', bytes: () => wrongCrc(gzipSync(kml)) },
    { label: 'gzip with a wrong length', name: 'walk.kml.gz', bytes: () => withLength(gzipSync(kml), kml.length + 1) },
    { label: 'two gzip members (a valid concatenation)', name: 'walk.kml.gz', bytes: () => Buffer.concat([gzipSync(kml.slice(0, 1000)), gzipSync(kml.slice(1000))]) },
    { label: 'gzip inside gzip', name: 'walk.kml.gz', bytes: () => gzipSync(gzipSync(kml)) },
    { label: 'an empty gzip member', name: 'walk.kml.gz', bytes: () => gzipSync(Buffer.alloc(0)) },
    { label: 'a KML wrapped in no KML element', name: 'plain.kml', bytes: () => Buffer.from(kmlDocument('').replace(/<\/?kml[^>]*>/g, '')) },
  )

  let parent: string
  let t: TestServer
  let sam: Account
  const outcomes = new Map<string, 'imported' | ErrorCode>()

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'waymark-fuzz-'))
    t = await startTestServer({ dataDir: join(parent, 'data') })
    const owner = await registerUser(t, 'owner')
    sam = await registerUser(t, 'sam', { activate: owner })
  })
  afterAll(async () => {
    await t.close()
    await rm(parent, { recursive: true, force: true })
  })

  it.each(cases.map((item, index) => [item.label, item.name, index] as const))('%s: imported or refused with a catalogued reason, nothing left behind', async (label, name, index) => {
    const bytes = await (cases[index] as Case).bytes()
    const before = await snapshot(t)
    const answer = await upload<WorkoutsResponse>(t, sam.token, name, bytes)
    if (answer.status === 201) {
      outcomes.set(label, 'imported')
      for (const workout of answer.body.data.workouts) expect((await t.api('DELETE', `workouts/${workout.id}`, { token: sam.token })).status).toBe(204)
    } else {
      const { code } = answer.body as unknown as { code: ErrorCode }
      // A 500 is catalogued too (`internal`), but it is a crash, not a refusal.
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500)
      expect(Object.keys(errorCatalogue), JSON.stringify(answer.body)).toContain(code)
      expect(answer.status).toBe(errorCatalogue[code].status)
      outcomes.set(label, code)
    }
    await expectNothingChanged(t, before)
  })

  it('the damage was varied enough: some files still import, others are refused for several reasons', () => {
    const values = [...outcomes.values()]
    expect(values).toContain('imported')
    expect(new Set(values.filter((value) => value !== 'imported')).size).toBeGreaterThanOrEqual(5)
    // The bombs are refused by size, before they fill the disk.
    expect(outcomes.get('KML gzip bomb (30 MB of spaces)')).toBe('file_too_large')
    expect(outcomes.get('KMZ bomb (30 MB of spaces as doc.kml)')).toBe('file_too_large')
    expect(outcomes.get('gzip with a wrong CRC')).toBe('gzip_invalid')
  })
})

/** A gzip member whose stored length (ISIZE, the trailer's last 4 bytes) is `length`. */
function withLength(gzipped: Buffer, length: number): Buffer {
  const copy = Buffer.from(gzipped)
  copy.writeUInt32LE(length >>> 0, copy.length - 4)
  return copy
}

/** A KMZ whose doc.kml entry declares a tenth of its real size (yauzl must catch the lie). */
function lyingKmz(doc: Buffer): Buffer {
  const zip = buildZip([{ name: 'doc.kml', data: doc, deflate: true }])
  const declared = Math.floor(doc.length / 10)
  // The uncompressed size in the local header (offset 22) and in the central directory entry.
  zip.writeUInt32LE(declared, 22)
  const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
  zip.writeUInt32LE(declared, central + 24)
  return zip
}
