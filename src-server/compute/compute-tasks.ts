import { PNG } from 'pngjs'
import { analyseForStorage, type Bounds, type LatLon, type StoredAnalysis } from '../../src/domain/analysis'
import { joinActivities, type ImportWarning, type Track, type TrackFormat } from '../../src/domain/track'
import { isAppError, type AppError } from '../../src/errors'
import { importTrackFile } from '../importers'
import type { Raster } from '../maps/raster'
import { renderStaticMap, type TileKey } from '../maps/static-map'

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
export type StorageOptions = NonNullable<Parameters<typeof analyseForStorage>[1]>

/**
 * One activity of a file and its stored analysis, or the catalogued reason it could not be
 * analysed (a multisport transition without two points): the caller decides whether that sinks
 * the file or becomes a warning.
 */
export type AnalysedActivity =
  | { readonly track: TrackHeader; readonly analysis: StoredAnalysis; readonly failure?: undefined }
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
}

/**
 * Parses a workout file and analyses each of its activities in one step, so the points (the
 * bulk: up to millions of numbers) never leave the worker; only figures, the downsampled chart
 * and the simplified map line come back.
 * @throws the importer's `TrackFileError` for a file that cannot be read
 */
export async function parseAndAnalyse(path: string, options: ParseAndAnalyseOptions): Promise<AnalysedFile> {
  const parsed = await importTrackFile(path)
  const activities = options.joinActivities ? [joinActivities(parsed)] : parsed.activities
  const list = Array.isArray(options.analysis) ? (options.analysis as readonly StorageOptions[]) : [options.analysis as StorageOptions]
  return {
    format: parsed.format,
    warnings: parsed.warnings,
    activities: activities.map((track, index): AnalysedActivity => {
      const { tracks: _points, ...rest } = track
      const header = { ...rest, hasPositions: hasPositions(track) }
      try {
        return { track: header, analysis: analyseForStorage(track, list[Math.min(index, list.length - 1)]) }
      } catch (error) {
        if (!isAppError(error)) throw error
        return { track: header, failure: error }
      }
    }),
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
