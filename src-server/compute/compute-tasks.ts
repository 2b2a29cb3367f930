import { createReadStream } from 'node:fs'
import { open, readFile } from 'node:fs/promises'
import { PNG } from 'pngjs'
import type { GpxResponse } from '../../src/contracts'
import { analyseForStorage, type Bounds, type ChartColumns, type LatLon, type StoredAnalysis } from '../../src/domain/analysis'
import { heatmapLines } from '../../src/domain/heatmap'
import { joinActivities, type ImportWarning, type ParsedFile, type Track, type TrackFormat } from '../../src/domain/track'
import { AppError, isAppError } from '../../src/errors'
import { importTrackFile } from '../importers'
import { planFitTrackee, planGarmin, planStrava, type ExportKind, type ExportPlan } from '../modules/workouts/export-archives'
import { gpxPieces, type GpxExportOptions } from '../importers/gpx/gpx-writer'
import type { Raster } from '../maps/raster'
import { renderStaticMap, type TileKey } from '../maps/static-map'
import { packInsights, type PackedInsights } from './packed-insights'
import { packPolyline } from './packed-polyline'
import { packChart } from './stored-chart'
import type { WeatherPoint } from '../weather/weather-jobs'

/**
 * The CPU-heavy steps of the server, as plain functions of plain data: they run in the compute
 * pool's worker threads (see `compute-pool.ts`), and their inputs and results cross the thread
 * boundary by structured clone, so nothing here holds a class instance or a database handle.
 */

/** A track without its points: what the import pipeline keeps once the analysis is done. */
export type TrackHeader = Omit<Track, 'tracks'> & {
  /** Whether any point has a position (a swim with positions is an open-water swim). */
  readonly hasPositions: boolean
}

function hasPositions(track: Track): boolean {
  for (const part of track.tracks) {
    for (const segment of part.segments) {
      for (let index = 0; index < segment.size; index += 1) if (!Number.isNaN(segment.lat[index])) return true
    }
  }
  return false
}

/** Options of `analyseForStorage` (threshold, effort distances…): plain data, cloned to the worker. */
type StorageOptions = NonNullable<Parameters<typeof analyseForStorage>[1]>

/** A workout's chart series (`packChart`) and map line (gzipped JSON) as the database keeps them, with its heatmap line. */
export interface PackedTrack {
  readonly chart: Buffer
  readonly polyline: Buffer
  /** The heatmap's coarse line (`heatmapLines`). */
  readonly heatmap: string
}

/** Packs an analysis' chart (see `packChart`) and map line (see `packPolyline`). */
function packTrack(analysis: StoredAnalysis): PackedTrack {
  return {
    chart: packChart(analysis.chart),
    polyline: packPolyline(analysis.polyline),
    heatmap: heatmapLines(analysis.polyline),
  }
}

/** What the event loop needs of a chart series: the sensors it shows and where to ask the weather. */
interface ChartSummary {
  readonly hasHeartRate: boolean
  readonly hasCadence: boolean
  readonly hasPower: boolean
  /** The first point with a position and a time. */
  readonly weatherStart: WeatherPoint | null
  /** The last point with a position and a time. */
  readonly weatherEnd: WeatherPoint | null
}

/**
 * An analysis as it leaves the worker: the chart series (up to 2,000 objects, stored packed) is
 * summarised, not sent: copying it to the event loop cost as much as parsing a 2,000-point file.
 * The insights leave packed for storage, and the map line only packed (see `packPolyline`).
 */
export type AnalysisSummary = Omit<StoredAnalysis, 'chart' | 'insights' | 'polyline'> & {
  readonly chartSummary: ChartSummary
  readonly insights: PackedInsights
}

/** The {@link ChartSummary} of a chart series. */
function summariseChart(chart: ChartColumns): ChartSummary {
  const { lat, lon, time } = chart.columns
  const located = (k: number) => !Number.isNaN(lat?.[k] ?? Number.NaN) && !Number.isNaN(lon?.[k] ?? Number.NaN) && !Number.isNaN(time?.[k] ?? Number.NaN)
  const weatherPointAt = (k: number): WeatherPoint | null => (k < 0 ? null : { lat: lat?.[k] ?? 0, lon: lon?.[k] ?? 0, time: time?.[k] ?? 0 })
  let first = -1
  for (let k = 0; k < chart.size && first < 0; k++) if (located(k)) first = k
  let last = -1
  for (let k = chart.size - 1; first >= 0 && last < 0; k--) if (located(k)) last = k
  const has = (values: readonly number[] | undefined) => values !== undefined && values.some((value) => !Number.isNaN(value))
  return {
    hasHeartRate: has(chart.columns.heartRate),
    hasCadence: has(chart.columns.cadence),
    hasPower: has(chart.columns.power),
    weatherStart: weatherPointAt(first),
    weatherEnd: weatherPointAt(last),
  }
}

/** The summary of an analysis that leaves the worker (see {@link AnalysisSummary}). */
function summarise(analysis: StoredAnalysis): AnalysisSummary {
  const { chart, insights, polyline: _packed, ...rest } = analysis
  return { ...rest, chartSummary: summariseChart(chart), insights: packInsights(insights) }
}

/**
 * One activity of a file and its stored analysis (with its packed track, and its map drawn on a
 * plain background when asked and it has a line), or the catalogued reason it could not be
 * analysed (a multisport transition without two points): the caller decides whether that sinks
 * the file or becomes a warning.
 */
export type AnalysedActivity =
  | {
      readonly track: TrackHeader
      readonly analysis: AnalysisSummary
      readonly packed: PackedTrack
      readonly map: Uint8Array | null
      readonly failure?: undefined
    }
  | { readonly track: TrackHeader; readonly analysis?: undefined; readonly failure: AppError }

/** A workout file read and analysed: one entry per activity it holds (see `ParsedFile`). */
export interface AnalysedFile {
  readonly format: TrackFormat
  readonly activities: readonly AnalysedActivity[]
  readonly warnings: readonly ImportWarning[]
}

/** How to analyse a file's activities. */
export interface ParseAndAnalyseOptions {
  /** The options of every activity, or of each by its index (the last applies past the end). */
  readonly analysis: StorageOptions | readonly StorageOptions[]
  /** One analysis of the activities joined (`joinActivities`), for callers storing one workout per file. */
  readonly joinActivities: boolean
  /**
   * Only the activity starting nearest this instant (epoch ms): the one a stored workout was made
   * from (each activity of a file became its own workout, dated by its start).
   */
  readonly nearestTo?: number
  /** Draw each activity's static map on a plain background (the import's first map). */
  readonly maps?: boolean
}

/** Epoch ms of an activity's first timed point, or NaN. */
function firstTime(activity: Track): number {
  for (const part of activity.tracks) {
    for (const segment of part.segments) {
      for (let index = 0; index < segment.size; index += 1) {
        const time = segment.time[index] ?? Number.NaN
        if (!Number.isNaN(time)) return time
      }
    }
  }
  return Number.NaN
}

/** The activity of a file starting nearest `instant` (see {@link ParseAndAnalyseOptions.nearestTo}). */
export function activityNearest(file: ParsedFile, instant: number): Track {
  let best: Track | undefined
  let bestGap = Infinity
  for (const activity of file.activities) {
    const gap = Math.abs(firstTime(activity) - instant)
    if (best === undefined || gap < bestGap) {
      best = activity
      bestGap = Number.isNaN(gap) ? Infinity : gap
    }
  }
  if (!best) throw new AppError('track_no_track')
  return best
}

/** The plain-background map of an analysis, or null when it has no line to draw. */
async function plainMap(analysis: StoredAnalysis): Promise<Uint8Array | null> {
  const bounds = analysis.workout.bounds
  if (!bounds || !analysis.polyline.some((line) => line.length > 0)) return null
  return renderStaticMap(analysis.polyline, bounds, null)
}

/**
 * Parses a workout file and analyses each of its activities in one step, so the points (the
 * bulk: up to millions of numbers) never leave the worker; only figures, the chart's summary
 * and the simplified map line come back, with the track packed for storage and the first map
 * drawn (the per-file work an archive import would otherwise do on the event loop).
 * @throws the importer's `TrackFileError` for a file that cannot be read
 */
export async function parseAndAnalyse(path: string, options: ParseAndAnalyseOptions): Promise<AnalysedFile> {
  return analyseFile(await importTrackFile(path), options)
}

/** The analysis part of {@link parseAndAnalyse}, of a file already read. */
export async function analyseFile(parsed: ParsedFile, options: ParseAndAnalyseOptions): Promise<AnalysedFile> {
  const activities =
    options.nearestTo !== undefined ? [activityNearest(parsed, options.nearestTo)] : options.joinActivities ? [joinActivities(parsed)] : parsed.activities
  const list = Array.isArray(options.analysis) ? (options.analysis as readonly StorageOptions[]) : [options.analysis as StorageOptions]
  const analysed: AnalysedActivity[] = []
  for (const [index, track] of activities.entries()) {
    const { tracks: _points, ...rest } = track
    const header = { ...rest, hasPositions: hasPositions(track) }
    let analysis: StoredAnalysis
    try {
      analysis = analyseForStorage(track, list[Math.min(index, list.length - 1)])
    } catch (error) {
      if (!isAppError(error)) throw error
      analysed.push({ track: header, failure: error })
      continue
    }
    analysed.push({ track: header, analysis: summarise(analysis), packed: packTrack(analysis), map: options.maps ? await plainMap(analysis) : null })
  }
  return { format: parsed.format, warnings: parsed.warnings, activities: analysed }
}

/** What to export of a stored file: the activity starting nearest `startTime` (epoch ms), as GPX. */
export interface ExportGpxOptions extends GpxExportOptions {
  readonly startTime: number
}

/** Characters of GPX escaped and written at a time: what the export holds of its text, whatever the track's length. */
const GPX_BATCH_CHARS = 256 * 1024

/**
 * Re-reads a workout's stored original and writes its activity as GPX (see `gpxPieces`) into a new
 * file at `target`, as the API's whole answer (`GpxResponse`) in JSON: the event loop then only
 * streams a file. The text is escaped and written a batch at a time, so a 95 MB answer costs a few
 * hundred KB here (whole, it took ~500 MB). The bytes are those of `JSON.stringify` on the whole
 * answer: escaping whole pieces one after another is escaping their concatenation.
 * @returns the bytes written
 */
export async function exportGpx(path: string, options: ExportGpxOptions, target: string): Promise<number> {
  const { startTime, ...gpx } = options
  const pieces = gpxPieces(activityNearest(await importTrackFile(path), startTime), gpx)
  // The answer with an empty text ends in `""}}`: the text goes between those two quotes.
  const empty = JSON.stringify({ status: 'success', message: '', data: { gpx: '' } } satisfies GpxResponse)
  const file = await open(target, 'wx', 0o600)
  try {
    let written = 0
    // `writeFile` on a handle writes all of it, from where the last write ended.
    const write = async (text: string) => {
      const bytes = Buffer.from(text)
      await file.writeFile(bytes)
      written += bytes.length
    }
    await write(empty.slice(0, -3))
    let batch = ''
    for (const piece of pieces) {
      batch += piece
      if (batch.length < GPX_BATCH_CHARS) continue
      await write(JSON.stringify(batch).slice(1, -1))
      batch = ''
    }
    await write(JSON.stringify(batch).slice(1, -1) + empty.slice(-3))
    return written
  } finally {
    await file.close()
  }
}

/** A tile's PNG bytes, fetched beforehand (null: drawn without it). */
export interface TileImage extends TileKey {
  readonly png: Uint8Array | null
}

/** Draws a static map: over the given tiles when there are any, else on a plain background. */
export async function drawMap(lines: readonly (readonly LatLon[])[], bounds: Bounds, tiles: readonly TileImage[] | null): Promise<Uint8Array> {
  const source = tiles
    ? {
        raster(zoom: number, x: number, y: number): Promise<Raster | null> {
          const png = tiles.find((tile) => tile.zoom === zoom && tile.x === x && tile.y === y)?.png
          if (!png) return Promise.resolve(null)
          try {
            const decoded = PNG.sync.read(Buffer.from(png.buffer, png.byteOffset, png.byteLength))
            return Promise.resolve({ width: decoded.width, height: decoded.height, data: decoded.data })
          } catch {
            return Promise.resolve(null)
          }
        },
      }
    : null
  return renderStaticMap(lines, bounds, source)
}

/**
 * Reads one metadata file of an account export (extracted within the import's budget) into its
 * plan, at most `maxRows` rows: Strava's list as it streams, the JSON files whole (they are at
 * most the files size limit, and this runs in the metadata thread, whose heap is bounded).
 */
export async function readExportMetadata(kind: ExportKind, path: string, name: string, maxRows: number): Promise<ExportPlan> {
  if (kind === 'strava') return planStrava(createReadStream(path, { highWaterMark: 1 << 20 }), maxRows)
  const bytes = await readFile(path)
  return kind === 'fittrackee' ? planFitTrackee(bytes, name, maxRows) : planGarmin(bytes, name, maxRows)
}
