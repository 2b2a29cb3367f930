import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/errors'
import { TrackFileError } from '../importers/track-file-error'
import { gunzipSync } from 'node:zlib'
import { rideToGpx, rideToTcx, syntheticRide } from '../importers/test-support/synthetic-ride'
import { analyseForStorage, chartPointsOf } from '../../src/domain/analysis'
import { importTrackFile } from '../importers'
import { activityNearest, parseAndAnalyse } from './compute-tasks'
import { computeWorkerLocation, createComputePool, defaultThreadCount, type ComputePool } from './compute-pool'
import { chartPoints } from './stored-chart'
import { threadCpuMs } from '../test/thread-cpu'

/**
 * A GPX of `count` points written in slices, so this thread holds (and later collects) little:
 * a garbage collection here would show as event-loop delay the pool is not responsible for.
 */
async function writeLargeGpx(path: string, count: number): Promise<void> {
  await writeFile(path, '<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n')
  const start = Date.UTC(2024, 4, 1)
  for (let first = 0; first < count; first += 10_000) {
    let slice = ''
    for (let i = first; i < Math.min(count, first + 10_000); i += 1) {
      const time = new Date(start + i * 1000).toISOString()
      slice += `<trkpt lat="${(45 + i * 5e-5).toFixed(6)}" lon="${(6 + i * 3e-5).toFixed(6)}"><ele>${400 + (i % 50)}</ele><time>${time}</time></trkpt>\n`
    }
    await appendFile(path, slice)
  }
  await appendFile(path, '</trkseg></trk></gpx>\n')
}

describe('compute pool', () => {
  let dir: string
  let pool: ComputePool
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'waymark-compute-'))
    pool = createComputePool({ threads: 1 })
  })
  afterAll(async () => {
    await pool.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('runs the TypeScript source under the tsx loader from sources, and the built file from a bundle or its chunks', async () => {
    const source = computeWorkerLocation()
    expect(source.filename).toBe(join(__dirname, 'compute-worker.ts'))
    expect(source.execArgv).toEqual(['--import', expect.stringMatching(/^file:\/\/.*\/tsx\/.*\.mjs$/)])
    const bundle = join(dir, 'out-main')
    await mkdir(join(bundle, 'chunks'), { recursive: true })
    await writeFile(join(bundle, 'compute-worker.js'), '')
    for (const here of [bundle, join(bundle, 'chunks')]) {
      expect(computeWorkerLocation(here)).toEqual({ filename: join(bundle, 'compute-worker.js'), execArgv: [] })
    }
  })

  it('answers exactly what the same step gives in-process, without the points', async () => {
    const path = join(dir, 'ride.gpx')
    await writeFile(path, rideToGpx(syntheticRide(3000)))
    const options = { analysis: { stoppedSpeedThresholdKmh: 1 }, joinActivities: true }
    const inWorker = await pool.parseAndAnalyse(path, options)
    expect(inWorker).toEqual(await parseAndAnalyse(path, options))
    expect(inWorker.activities[0]?.track).not.toHaveProperty('tracks')
    expect(inWorker.activities[0]?.analysis?.workout.distanceKm).toBeGreaterThan(15)
  })

  it('rebuilds catalogued errors with their class, code and detail, and passes others with their code', async () => {
    const path = join(dir, 'broken.gpx')
    await writeFile(path, '<gpx><trk><trkseg><trkpt lat="1" lon="2"></trkseg></gpx>')
    const refused = await pool.parseAndAnalyse(path, { analysis: {}, joinActivities: true }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TrackFileError)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ code: 'track_xml_invalid', detail: expect.stringMatching(/.+/) })
    const missing = await pool.parseAndAnalyse(join(dir, 'missing.gpx'), { analysis: {}, joinActivities: true }).catch((error: unknown) => error)
    expect(missing).not.toBeInstanceOf(AppError)
    expect(missing).toMatchObject({ code: 'ENOENT', message: expect.stringContaining(join(dir, 'missing.gpx')) })
  })

  it("carries an activity that could not be analysed as its catalogued error, beside the file's analysed ones", async () => {
    // Two activities of one TCX, the second of a single point: as the same step gives in-process.
    const ride = rideToTcx(syntheticRide(300, { start: Date.UTC(2024, 4, 1, 8) }))
    const lone = rideToTcx(syntheticRide(1, { start: Date.UTC(2024, 4, 1, 12) }))
    const activityOf = (tcx: string) => tcx.slice(tcx.indexOf('<Activity '), tcx.indexOf('</Activities>'))
    const path = join(dir, 'with-lone-point.tcx')
    await writeFile(path, ride.replace('</Activities>', `${activityOf(lone)}</Activities>`))
    const options = { analysis: {}, joinActivities: false }
    const inProcess = await parseAndAnalyse(path, options)
    const failure = inProcess.activities[1]?.failure
    if (!failure) throw new Error('the lone point was analysed in-process')
    const [analysed, failed] = (await pool.parseAndAnalyse(path, options)).activities
    expect(analysed?.analysis?.workout).toEqual(inProcess.activities[0]?.analysis?.workout)
    expect(failed?.analysis).toBeUndefined()
    expect(failed?.failure).toBeInstanceOf(failure.constructor)
    expect(failed?.failure).toMatchObject({ code: failure.code, message: failure.message, detail: (failure as { detail?: string }).detail })
  })

  it('hashes passwords and checks them against a hash in a thread', async () => {
    const hash = await pool.hashPassword('correct horse', 4)
    expect(hash).toMatch(/^\$2[aby]\$04\$/)
    expect([await pool.verifyPassword('correct horse', hash), await pool.verifyPassword('correct horsE', hash)]).toEqual([true, false])
  })

  it('writes the GPX answer of a stored file into a new file and answers its size in bytes', async () => {
    const ride = syntheticRide(300, { start: Date.UTC(2024, 4, 1, 8) })
    const path = join(dir, 'to-export.gpx')
    await writeFile(path, rideToGpx(ride))
    const target = join(dir, 'exported.json')
    const size = await pool.exportGpx(path, { name: 'Tour du Léman', type: null, startTime: Date.UTC(2024, 4, 1, 8) }, target)
    const written = await readFile(target)
    expect(size).toBe(written.length)
    const answer = JSON.parse(written.toString('utf8')) as { status: string; data: { gpx: string } }
    expect(answer.status).toBe('success')
    expect(answer.data.gpx.match(/<trkpt /g)).toHaveLength(300)
    expect(answer.data.gpx).toContain('<name>Tour du Léman</name>')
  })

  it('reads an upload of up to 16 MiB as it arrives, not a byte more', async () => {
    expect(pool.readArriving(16 * 1_048_576 + 1)).toBeNull()
    const arriving = pool.readArriving(16 * 1_048_576)
    if (!arriving) throw new Error('a free thread was not given the upload')
    arriving.abort()
    expect(await arriving.analyse({ analysis: {}, joinActivities: false })).toBeNull()
  })

  it('starts as many threads as the cores less the event loop\'s share keep busy, once files queue up', async () => {
    expect([1, 2, 3, 4, 8, 32].map((cores) => defaultThreadCount(cores))).toEqual([1, 2, 3, 3, 4, 4])
    const sized = createComputePool()
    try {
      const path = join(dir, 'queued.gpx')
      await writeFile(path, rideToGpx(syntheticRide(500)))
      await Promise.all(Array.from({ length: 3 * sized.size }, () => sized.parseAndAnalyse(path, { analysis: {}, joinActivities: true })))
      expect(sized.size).toBe(defaultThreadCount())
      expect(sized.stats().threads).toBe(sized.size)
    } finally {
      await sized.close()
    }
  })

  it('starts a warm pool\'s threads at once and has them warm up before any task, leaving no file behind', async () => {
    const warmDir = await mkdtemp(join(dir, 'warm-'))
    const warm = createComputePool({ threads: 2, warm: { dir: warmDir } })
    try {
      await warm.ready()
      expect(warm.stats()).toEqual({ threads: 2, queued: 0, completed: 0 })
      expect(await readdir(warmDir)).toEqual([])
    } finally {
      await warm.close()
    }
  })

  it('keeps a thread whose warm-up failed (its folder is gone): only slower', async () => {
    const cold = createComputePool({ threads: 1, warm: { dir: join(dir, 'missing-folder') } })
    try {
      await cold.ready()
      const path = join(dir, 'after-failed-warm-up.gpx')
      await writeFile(path, rideToGpx(syntheticRide(300)))
      const analysed = await cold.parseAndAnalyse(path, { analysis: {}, joinActivities: true })
      expect(analysed.activities).toHaveLength(1)
      expect(cold.stats().threads).toBe(1)
    } finally {
      await cold.close()
    }
  })

  it("runs another task (a user's upload) before an archive's files waiting in the background, behind only the running one", async () => {
    const path = join(dir, 'lanes.gpx')
    await writeFile(path, rideToGpx(syntheticRide(500)))
    const options = { analysis: {}, joinActivities: false }
    const finished: string[] = []
    const parse = (name: string, background: boolean) => pool.parseAndAnalyse(path, options, { background }).then(() => finished.push(name))
    // One thread: the archive's first file runs, the others wait; the upload comes after them all.
    await Promise.all([parse('archive 1', true), parse('archive 2', true), parse('archive 3', true), parse('upload', false)])
    expect(finished).toEqual(['archive 1', 'upload', 'archive 2', 'archive 3'])

    // A freed thread takes one waiting file, not all: an upload made once the first is done runs
    // behind only the second.
    finished.length = 0
    await Promise.all([parse('archive 1', true).then(() => parse('upload', false)), parse('archive 2', true), parse('archive 3', true)])
    expect(finished).toEqual(['archive 1', 'archive 2', 'upload', 'archive 3'])
  })

  it('draws a map PNG', async () => {
    const png = await pool.drawMap([[[45.1, 6.05], [45.2, 6.1]]], [45.1, 6.05, 45.2, 6.1], null)
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  })

  it('analyses only the activity starting nearest an instant, and packs its track as stored', async () => {
    // Two activities of one TCX, an hour apart, of different lengths (told apart by distance).
    const morning = syntheticRide(600, { start: Date.UTC(2024, 4, 1, 8) })
    const noon = syntheticRide(1200, { start: Date.UTC(2024, 4, 1, 12) })
    const activityOf = (tcx: string) => tcx.slice(tcx.indexOf('<Activity '), tcx.indexOf('</Activities>'))
    const both = rideToTcx(morning).replace('</Activities>', `${activityOf(rideToTcx(noon))}</Activities>`)
    const path = join(dir, 'two.tcx')
    await writeFile(path, both)
    const all = await pool.parseAndAnalyse(path, { analysis: {}, joinActivities: false })
    expect(all.activities).toHaveLength(2)
    for (const [instant, index] of [
      [Date.UTC(2024, 4, 1, 8, 5), 0],
      [Date.UTC(2024, 4, 1, 11), 1],
    ] as const) {
      const one = await pool.parseAndAnalyse(path, { analysis: {}, joinActivities: false, nearestTo: instant, maps: true })
      const [activity] = one.activities
      expect(one.activities).toHaveLength(1)
      if (!activity?.analysis) throw new Error('the activity was not analysed')
      expect(activity.analysis.workout).toEqual(all.activities[index]?.analysis?.workout)
      // The chart stays in the worker: packed as analysed in-process, summarised for the event loop.
      const inProcess = analyseForStorage(activityNearest(await importTrackFile(path), instant), {})
      expect(chartPoints(activity.packed.chart)).toEqual(chartPointsOf(inProcess.chart))
      expect(JSON.parse(gunzipSync(activity.packed.polyline).toString('utf8'))).toEqual(inProcess.polyline)
      expect(activity.analysis).not.toHaveProperty('chart')
      const ride = index === 0 ? morning : noon
      const first = ride[0]
      const last = ride[ride.length - 1]
      if (!first || !last) throw new Error('empty ride')
      expect(activity.analysis.chartSummary).toEqual({
        hasHeartRate: true,
        hasCadence: true,
        hasPower: true,
        weatherStart: { lat: expect.closeTo(first.lat ?? 0, 6), lon: expect.closeTo(first.lon ?? 0, 6), time: first.time },
        weatherEnd: { lat: expect.closeTo(last.lat ?? 0, 6), lon: expect.closeTo(last.lon ?? 0, 6), time: last.time },
      })
      expect(Buffer.from(activity.map ?? []).subarray(1, 4).toString('latin1')).toBe('PNG')
    }
    expect(all.activities.map((activity) => activity.analysis && activity.map)).toEqual([null, null])
  })

  it('keeps this thread free while a large file is parsed: under 100 ms of event-loop work in all', async () => {
    const path = join(dir, 'large.gpx')
    await writeLargeGpx(path, 200_000)
    // This thread's CPU time bounds every stretch of event-loop work. In-process, this parse takes
    // ~250 ms of it (checked: the test fails so).
    const before = threadCpuMs()
    const analysed = await pool.parseAndAnalyse(path, { analysis: {}, joinActivities: true })
    const busyMs = threadCpuMs() - before
    const [activity] = analysed.activities
    if (!activity?.analysis) throw new Error('the file was not analysed')
    expect(chartPoints(activity.packed.chart).length).toBeGreaterThan(1000)
    expect(busyMs).toBeLessThan(100)
  })
})
