import type { Lap } from '../track'
import type { IntervalTable } from './interval-table'

/** Metres in a kilometre and in an international mile. */
export const SPLIT_UNIT_M = { km: 1000, mi: 1609.344 } as const

/**
 * The figures of one part of a workout (a split or a lap). Pace and speed are derived by the
 * reader (distance ÷ moving time), so they can never disagree with the stored figures.
 */
export interface SplitFigures {
  /** Distance in metres. */
  readonly distanceM: number
  /** Moving time in milliseconds. */
  readonly movingMs: number
  /** Smoothed ascent in metres, or `null` when the workout has no elevation. */
  readonly ascentM: number | null
  /** Smoothed descent in metres, or `null`. */
  readonly descentM: number | null
  /** Heart rate averaged over the moving time, bpm, or `null` when none was recorded. */
  readonly heartRate: number | null
  /** Rest after the part, milliseconds (a pool swim's laps); absent elsewhere. */
  readonly restMs?: number
}

/**
 * Metres of measuring noise: a last split shorter than this joins the previous one, and a best
 * effort this much longer than the workout still counts (a 5 km run measured 4,999.99998 m).
 */
export const DISTANCE_NOISE_M = 0.5

/** Sums of interval shares, turned into {@link SplitFigures} at the end. */
class PartAccumulator {
  private distanceM = 0
  private movingMs = 0
  private ascentM = 0
  private descentM = 0
  private heartBeats = 0
  private heartTimeMs = 0

  /** @param hasElevation whether the workout has elevations (else ascent and descent are null) */
  constructor(private readonly hasElevation: boolean) {}

  /**
   * Adds `share` (0–1) of an interval whose whole values are given (read once from the table by
   * the caller, whatever the number of units it splits in; `heartRate` NaN when unknown).
   */
  add(distanceM: number, movingMs: number, ascentM: number, descentM: number, heartRate: number, share: number): void {
    const moving = movingMs * share
    this.distanceM += distanceM * share
    this.movingMs += moving
    this.ascentM += ascentM * share
    this.descentM += descentM * share
    if (!Number.isNaN(heartRate) && moving > 0) {
      this.heartBeats += heartRate * moving
      this.heartTimeMs += moving
    }
  }

  get distance(): number {
    return this.distanceM
  }

  /** Adds another part's sums to this one. */
  absorb(other: PartAccumulator): void {
    this.distanceM += other.distanceM
    this.movingMs += other.movingMs
    this.ascentM += other.ascentM
    this.descentM += other.descentM
    this.heartBeats += other.heartBeats
    this.heartTimeMs += other.heartTimeMs
  }

  get empty(): boolean {
    return this.distanceM === 0 && this.movingMs === 0
  }

  figures(): SplitFigures {
    const { hasElevation } = this
    return {
      distanceM: this.distanceM,
      movingMs: this.movingMs,
      ascentM: hasElevation ? this.ascentM : null,
      descentM: hasElevation ? this.descentM : null,
      heartRate: this.heartTimeMs > 0 ? this.heartBeats / this.heartTimeMs : null,
    }
  }
}

/** The splits of one unit being built (see {@link splits}). */
interface UnitSplits {
  readonly unitM: number
  readonly done: PartAccumulator[]
  current: PartAccumulator
  /** Metres of the workout given to splits so far. */
  position: number
  /** Where the current split ends, metres. */
  boundary: number
}

/**
 * Splits of a workout every `unitM` metres of distance (the last one shorter), for each unit in
 * one pass (each interval's values are read once for all units). An interval that crosses a
 * split boundary is shared between both splits in proportion to its distance, so the splits sum
 * to the workout's distance, moving time, ascent and descent.
 * @param unitsM split lengths in metres (> 0), e.g. {@link SPLIT_UNIT_M}
 * @returns the splits of each unit, in the order of `unitsM`
 */
export function splits(table: IntervalTable, unitsM: readonly number[]): SplitFigures[][] {
  for (const unitM of unitsM) if (!(unitM > 0)) throw new RangeError(`split length must be positive, got ${unitM}`)
  const hasElevation = table.ascentM !== null
  const units: UnitSplits[] = unitsM.map((unitM) => ({ unitM, done: [], current: new PartAccumulator(hasElevation), position: 0, boundary: unitM }))
  const { ascentM, descentM, heartRate } = table
  for (let k = 1; k < table.size; k++) {
    const d = table.distanceM[k] ?? 0
    const moving = table.movingMs[k] ?? 0
    const ascent = ascentM ? (ascentM[k] ?? 0) : 0
    const descent = descentM ? (descentM[k] ?? 0) : 0
    const bpm = heartRate ? (heartRate[k] ?? Number.NaN) : Number.NaN
    for (const unit of units) {
      let taken = 0 // share of interval k already given to earlier splits
      while (d > 0 && unit.position + d * (1 - taken) >= unit.boundary) {
        const share = (unit.boundary - unit.position) / d
        unit.current.add(d, moving, ascent, descent, bpm, share)
        taken += share
        unit.position = unit.boundary
        unit.done.push(unit.current)
        unit.current = new PartAccumulator(hasElevation)
        unit.boundary += unit.unitM
      }
      unit.current.add(d, moving, ascent, descent, bpm, 1 - taken)
      unit.position += d * (1 - taken)
    }
  }
  return units.map(({ done, current }) => {
    const last = done.at(-1)
    // A rounding crumb past the last boundary (a 5 km run measured 5,000.000001 m) is no split.
    if (last && current.distance < DISTANCE_NOISE_M) last.absorb(current)
    else if (!current.empty) done.push(current)
    return done.map((part) => part.figures())
  })
}

/**
 * Figures of the device's laps, from the stored series: each interval goes to the lap whose
 * time span holds the interval's end (laps sorted by start; an interval after the last lap's end
 * or before the first start goes nowhere). Same columns as {@link splits}; a lap whose distance the
 * device counted (see {@link Lap}) keeps that distance and its whole time, and its rest.
 */
export function lapFigures(table: IntervalTable, laps: readonly Lap[]): SplitFigures[] {
  const sorted = [...laps].sort((a, b) => a.startTime - b.startTime)
  const parts = sorted.map(() => new PartAccumulator(table.ascentM !== null))
  let lap = 0
  for (let k = 1; k < table.size && sorted.length > 0; k++) {
    const time = table.time[k] ?? Number.NaN
    if (Number.isNaN(time)) continue
    // Times never run backwards in the series, so the current lap only moves forward.
    while (lap < sorted.length - 1 && time > (sorted[lap]?.endTime ?? 0)) lap++
    const span = sorted[lap]
    if (span && time > span.startTime && time <= span.endTime) {
      parts[lap]?.add(
        table.distanceM[k] ?? 0,
        table.movingMs[k] ?? 0,
        table.ascentM?.[k] ?? 0,
        table.descentM?.[k] ?? 0,
        table.heartRate?.[k] ?? Number.NaN,
        1,
      )
    }
  }
  return parts.map((part, index) => {
    const figures = part.figures()
    const span = sorted[index]
    if (span?.distanceM === undefined) return figures
    // The device counted this lap exactly (a pool swim's lengths): its distance, over its whole time.
    return { ...figures, distanceM: span.distanceM, movingMs: span.endTime - span.startTime, ...(span.restMs === undefined ? {} : { restMs: span.restMs }) }
  })
}
