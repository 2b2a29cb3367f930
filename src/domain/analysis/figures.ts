/** `[minLat, minLon, maxLat, maxLon]` in decimal degrees. */
export type Bounds = readonly [number, number, number, number]

/**
 * The figures of a workout or of one of its segments. Values are not rounded (rounding is a
 * storage/display concern), except durations, which are whole seconds truncated like the
 * reference tracker does ("microseconds stripped"), each from the exact value.
 */
export interface MotionFigures {
  /** Elapsed time in whole seconds: first to last timestamp (a workout includes the gaps between segments). */
  readonly durationS: number
  /** Time spent above the stopped-speed threshold, whole seconds. */
  readonly movingS: number
  /** `duration − moving`, whole seconds (truncated from the exact difference), ≥ 0. */
  readonly pausesS: number
  /**
   * Distance in kilometres (3-D where both elevations are known, only intervals with times), or
   * `null` when the file measured none (no positions, no recorded distance: unknown, not 0).
   */
  readonly distanceKm: number | null
  /** Average moving speed in km/h: distance ÷ moving time (whole seconds), 0 without moving time; `null` without distance. */
  readonly aveSpeedKmh: number | null
  /** Filtered maximum speed in km/h (reference filter, see `filteredMaxSpeedMs`); a workout takes the max of its segments; `null` without distance. */
  readonly maxSpeedKmh: number | null
  /** Lowest known elevation in metres, or `null` when no point has a usable elevation. */
  readonly minAltM: number | null
  /** Highest known elevation in metres, or `null`. */
  readonly maxAltM: number | null
  /** Smoothed ascent in metres, or `null` when no point has a usable elevation. */
  readonly ascentM: number | null
  /** Smoothed descent in metres (positive), or `null`. */
  readonly descentM: number | null
  /** Time of the first timestamped point, epoch milliseconds UTC, or `null`. */
  readonly startTime: number | null
  /** Time of the last timestamped point, epoch milliseconds UTC, or `null`. */
  readonly endTime: number | null
  /** Bounding box of the points that have a position, or `null` when none has. */
  readonly bounds: Bounds | null
}

/** The figures of one kept segment (a segment with at least 2 points). */
export interface SegmentFigures extends MotionFigures {
  /** 0-based position among the kept segments (the segment number shown to users is this + 1). */
  readonly index: number
  /** Index of the segment's first point in the workout's point series. */
  readonly firstPoint: number
  /** Number of points of the segment. */
  readonly pointCount: number
}
