/** Elevations at or beyond this magnitude (metres) are treated as missing: they are sensor junk. */
const IMPLAUSIBLE_ELEVATION_M = 9_999.99

/**
 * The elevation to use for figures, in metres, or `NaN` when the value is missing or implausible
 * (|ele| ≥ 9,999.99 m). Zero is a real elevation and is kept.
 */
export function usableElevation(ele: number): number {
  return Number.isFinite(ele) && Math.abs(ele) < IMPLAUSIBLE_ELEVATION_M ? ele : Number.NaN
}

/** Ascent and descent in metres (both ≥ 0). */
export interface UphillDownhill {
  readonly ascentM: number
  readonly descentM: number
}

/**
 * Ascent and descent of a list of known elevations (metres, no `NaN`), as gpxpy 1.6 computes
 * them: each interior value is smoothed to `0.3·prev + 0.4·cur + 0.3·next` (neighbours taken
 * from the raw list, ends unsmoothed), then positive and negative steps are summed.
 * @param elevations known elevations in point order
 * @param count how many entries of `elevations` to use
 */
export function uphillDownhill(elevations: Float64Array, count: number): UphillDownhill {
  let ascentM = 0
  let descentM = 0
  let previous = Number.NaN
  for (let i = 0; i < count; i++) {
    const current = elevations[i] ?? 0
    const smoothed =
      i > 0 && i < count - 1 ? (elevations[i - 1] ?? 0) * 0.3 + current * 0.4 + (elevations[i + 1] ?? 0) * 0.3 : current
    if (i > 0) {
      const step = smoothed - previous
      if (step > 0) ascentM += step
      else descentM -= step
    }
    previous = smoothed
  }
  return { ascentM, descentM }
}
