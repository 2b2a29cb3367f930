import { computeInsights, type StoredInsights } from '../insights/stored-insights'
import type { Track } from '../track'
import { chartSeries, type ChartColumns } from './chart-series'
import type { MotionFigures, SegmentFigures } from './figures'
import { mapPolyline, type LatLon } from './map-polyline'
import { analyseTrack, type AnalysisOptions } from './workout-analysis'

/** What the import stores for a workout: figures, the chart series and the map line. */
export interface StoredAnalysis {
  /** Workout figures (see {@link MotionFigures} for units). */
  readonly workout: MotionFigures
  /** Figures per kept segment. */
  readonly segments: readonly SegmentFigures[]
  /** Downsampled chart series of the whole workout (≤ 2,000 points), as columns. */
  readonly chart: ChartColumns
  /** Simplified map line, one `[lat, lon][]` per kept segment (≤ 2,000 points in all). */
  readonly polyline: LatLon[][]
  /** Splits, laps, best efforts and zone histograms (see {@link StoredInsights}). */
  readonly insights: StoredInsights
}

/** Options of {@link analyseForStorage}. */
export interface StorageOptions extends AnalysisOptions {
  /**
   * Best-effort distances to look for, metres (`effortDistancesFor` the workout's sport; a change
   * of sport re-analyses the file). Default: those of every sport.
   */
  readonly effortDistancesM?: readonly number[]
  /** Whether the insights get a swim's splits per 100 m and 100 yd (see `insightOptionsFor`). */
  readonly swimSplits?: boolean
}

/**
 * Everything the import pipeline stores for a track, in one call.
 * @throws AppError as {@link analyseTrack}
 */
export function analyseForStorage(track: Track, options: StorageOptions = {}): StoredAnalysis {
  const { workout, segments, series } = analyseTrack(track, options)
  return {
    workout,
    segments,
    chart: chartSeries(series),
    polyline: mapPolyline(series),
    insights: computeInsights(series, track.laps ?? [], workout.maxSpeedKmh, options.effortDistancesM, options.swimSplits),
  }
}
