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

/** One stretch of a length given to a split: its time span and metres. */
interface LengthPiece {
  split: number
  readonly startTime: number
  readonly endTime: number
}

/**
 * A pool swim's splits every `unitM` metres from its lengths (see {@link Lap}'s `lengths`), the
 * way the swimmer's clock reads them: a split's time is its lengths' own, the rests at the wall
 * apart (the points of a pool swim are written at length ends, some seconds late, so the series
 * cannot tell a length from the rest after it). A length across a split boundary is shared by
 * distance (100 m in a 25 yd pool); the heart rate is the series' over the split's lengths.
 * @returns null when the laps carry no lengths (no pool swim)
 */
export function lengthSplits(table: IntervalTable, laps: readonly Lap[], unitM: number): SplitFigures[] | null {
  if (!(unitM > 0)) throw new RangeError(`split length must be positive, got ${unitM}`)
  const lengths = [...laps]
    .sort((a, b) => a.startTime - b.startTime)
    .flatMap((lap) => (lap.lengths ?? []).map((length) => ({ ...length, distanceM: (lap.distanceM ?? 0) / (lap.lengths?.length ?? 1) })))
  if (lengths.length === 0) return null
  const parts: { distanceM: number; movingMs: number }[] = [{ distanceM: 0, movingMs: 0 }]
  const pieces: LengthPiece[] = []
  let position = 0
  let boundary = unitM
  const give = (distanceM: number, startTime: number, endTime: number) => {
    const part = parts.at(-1)
    if (!part) return
    part.distanceM += distanceM
    part.movingMs += endTime - startTime
    pieces.push({ split: parts.length - 1, startTime, endTime })
  }
  for (const { startTime, endTime, distanceM } of lengths) {
    const msPerM = (endTime - startTime) / distanceM
    let from = 0 // metres of this length already given
    // Within a micrometre: four 22.86 m lengths make 100 yd although their sum in floating point is a hair short.
    while (distanceM > 0 && position + distanceM - from >= boundary - 1e-6) {
      const to = Math.min(distanceM, from + boundary - position)
      give(to - from, startTime + from * msPerM, startTime + to * msPerM)
      from = to
      position = boundary
      boundary += unitM
      parts.push({ distanceM: 0, movingMs: 0 })
    }
    if (distanceM > from) give(distanceM - from, startTime + from * msPerM, endTime)
    position += distanceM - from
  }
  const last = parts.at(-1)
  // The split just opened at the end holds only a rounding crumb (or nothing): it joins the one before.
  if (last && parts.length > 1 && last.distanceM < DISTANCE_NOISE_M) {
    parts.pop()
    const before = parts.at(-1)
    if (before) {
      before.distanceM += last.distanceM
      before.movingMs += last.movingMs
    }
    for (const piece of pieces) piece.split = Math.min(piece.split, parts.length - 1)
  }
  const beats = new Float64Array(parts.length)
  const beatTime = new Float64Array(parts.length)
  // Each interval of the series counts for the piece its end falls in (pieces and series both run forward in time).
  let p = 0
  for (let k = 1; k < table.size && table.heartRate; k++) {
    const time = table.time[k] ?? Number.NaN
    const bpm = table.heartRate[k] ?? Number.NaN
    const ms = time - (table.time[k - 1] ?? time)
    while (p < pieces.length && time > (pieces[p]?.endTime ?? 0)) p++
    const piece = pieces[p]
    if (!piece || !(time > piece.startTime) || Number.isNaN(bpm) || !(ms > 0)) continue
    beats[piece.split] = (beats[piece.split] ?? 0) + bpm * ms
    beatTime[piece.split] = (beatTime[piece.split] ?? 0) + ms
  }
  return parts.map((part, index) => {
    const heartTime = beatTime[index] ?? 0
    return { ...part, ascentM: null, descentM: null, heartRate: heartTime > 0 ? (beats[index] ?? 0) / heartTime : null }
  })
}
