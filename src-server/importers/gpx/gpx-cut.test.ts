import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { analyseTrack } from '../../../src/domain/analysis'
import { isAppError } from '../../../src/errors/app-error'
import type { ParsedFile } from '../../../src/domain/track'
import { importTrackFile } from '../import-track-file'
import { singleActivity } from '../test-support/single-activity'
import { importGpxString } from './gpx-importer'

// A GPX file cut off mid-write (a battery died, a sync or a download stopped) keeps every complete
// point before the cut, with a `file_cut_off` warning, as a FIT file's damaged end does. Each
// cut document's expected track is the same document written whole with only its complete points.
const work = mkdtempSync(join(tmpdir(), 'waymark-gpx-cut-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const head = '<?xml version="1.0"?><gpx version="1.1" creator="cut"><metadata><name>Rundgang Süd</name></metadata><trk><name>Morgenrunde</name><trkseg>'
const tail = '</trkseg></trk></gpx>'
const at = (minute: number) => new Date(Date.UTC(2020, 0, 1, 8, minute)).toISOString()
const point = (minute: number) => `<trkpt lat="45.${minute}" lon="6.${minute}"><ele>${100 + minute}</ele><time>${at(minute)}</time></trkpt>`
const points = (count: number) => Array.from({ length: count }, (_, minute) => point(minute)).join('\n')

let counter = 0
async function importText(text: string | Uint8Array): Promise<ParsedFile> {
  counter += 1
  const path = join(work, `cut-${counter}.gpx`)
  writeFileSync(path, text)
  return importTrackFile(path)
}

/** The catalogue code reading and analysing `text` (as an upload does) is refused with, or 'imported'. */
async function outcomeOf(text: string): Promise<string> {
  try {
    analyseTrack(singleActivity(await importText(text)), { stoppedSpeedThresholdKmh: 1 })
    return 'imported'
  } catch (error) {
    return isAppError(error) ? error.code : `unhandled: ${String(error)}`
  }
}

/** `cut` reads as the whole document of its `complete` points, through both point paths, warning of the cut. */
async function expectKept(cut: string, complete: number): Promise<void> {
  const whole = `${head}${points(complete)}${tail}`
  const file = await importText(cut)
  expect(file.activities).toEqual((await importText(whole)).activities)
  expect(file.warnings).toEqual([{ code: 'file_cut_off', pointsRead: complete }])
  expect(importGpxString(cut, { fastPoints: false })).toEqual(importGpxString(whole, { fastPoints: false }))
  expect(importGpxString(cut)).toEqual(importGpxString(whole))
}

describe('a GPX file cut off mid-write keeps its complete points', () => {
  const written = `${head}${points(3)}\n${point(3)}`

  it('cut inside a point: inside its <ele>, or its end tag', async () => {
    await expectKept(written.slice(0, written.lastIndexOf('<ele>') + 6), 3)
    await expectKept(written.slice(0, written.lastIndexOf('</trkpt>') + 4), 3)
  })

  it('cut inside a point’s <time>', async () => {
    await expectKept(written.slice(0, written.lastIndexOf('<time>') + 12), 3)
  })

  it('cut between points', async () => {
    await expectKept(`${head}${points(3)}\n`, 3)
    await expectKept(`${head}${points(3)}`, 3)
  })

  it('cut inside an attribute of a point’s start tag', async () => {
    await expectKept(written.slice(0, written.lastIndexOf('lon="') + 3), 3)
    await expectKept(written.slice(0, written.lastIndexOf('lon="') + 6), 3)
  })

  it('cut after </trkseg>, inside </trk> or before </gpx>', async () => {
    await expectKept(`${head}${points(3)}</trkseg></tr`, 3)
    await expectKept(`${head}${points(3)}</trkseg></trk>`, 3)
  })

  it('cut inside a character of two bytes (the ü of a later track’s name)', async () => {
    const named = Buffer.from(`${head}${points(2)}</trkseg></trk><trk><name>Rü`)
    const file = await importText(named.subarray(0, named.length - 1))
    expect(file.warnings).toEqual([{ code: 'file_cut_off', pointsRead: 2 }])
    expect(file.activities[0]?.tracks.map((part) => part.segments.map((segment) => segment.size))).toEqual([[2], []])
  })

  it('a cut file with fewer than two complete points is refused as the invalid XML it is (the reference tracker’s answer to its own cut fixture)', async () => {
    expect(await outcomeOf(written.slice(0, written.indexOf('</trkpt>') + 20))).toBe('track_xml_invalid')
    expect(await outcomeOf(`${head}<trkpt lat="45" lon="6"><ele>1`)).toBe('track_xml_invalid')
    expect(await outcomeOf(`${head.slice(0, head.indexOf('<trk>'))}<trk><name>Morgen`)).toBe('track_xml_invalid')
    // Whole, the same single point is refused as any track without two points.
    expect(await outcomeOf(`${head}${points(1)}${tail}`)).toBe('track_no_points')
  })
})

describe('XML malformed before its end stays refused', () => {
  it('a bad tag in the middle, a mismatched end tag, garbage after the root, a cut before the root', async () => {
    expect(await outcomeOf(`${head}${points(2)}<trkpt lat="45" lon="6"><ele>1</ele><1time/></trkpt>${points(2)}${tail}`)).toBe('track_xml_invalid')
    expect(await outcomeOf(`${head}${points(3)}</trk>${tail}`)).toBe('track_xml_invalid')
    expect(await outcomeOf(`${head}${points(3)}${tail}<trk>`)).toBe('track_xml_invalid')
    expect(await outcomeOf(`${head}${points(3)}${tail}</gpx>`)).toBe('track_xml_invalid')
    expect(await outcomeOf(`${head}${points(3)}${tail}<!-- a comment cut`)).toBe('track_xml_invalid')
    expect(await outcomeOf('<?xml version="1.0"?><gpx version="1.1" creat')).toBe('track_xml_invalid')
  })

  it('TCX and KML cut off mid-write are still refused (their readers end activities at their end tags)', async () => {
    const tcx = `<?xml version="1.0"?><TrainingCenterDatabase><Activities><Activity Sport="Running"><Id>${at(0)}</Id><Lap StartTime="${at(0)}"><Track>`
    const trackpoint = (minute: number) => `<Trackpoint><Time>${at(minute)}</Time><Position><LatitudeDegrees>45.${minute}</LatitudeDegrees><LongitudeDegrees>6.${minute}</LongitudeDegrees></Position></Trackpoint>`
    expect(await outcomeOf(`${tcx}${trackpoint(1)}${trackpoint(2)}${trackpoint(3)}<Trackpoint><Ti`)).toBe('track_xml_invalid')
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><Placemark><gx:Track><when>${at(0)}</when><when>${at(1)}</when><gx:coord>6 45 0</gx:coord><gx:coord>6.1 45`
    expect(await outcomeOf(kml)).toBe('track_xml_invalid')
  })
})
