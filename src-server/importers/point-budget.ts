import { TrackFileError } from './track-file-error'

/**
 * Most points a file may carry (all tracks together). A day-long 1 Hz recording is ~90,000
 * points; the cap bounds the memory of an import whatever the file holds.
 */
export const MAX_TRACK_POINTS = 2_000_000

/** Counts points while a file is read and stops the import once the cap is passed. */
export class PointBudget {
  private count = 0

  /** Records one more point. @throws TrackFileError `track_too_many_points` */
  take(): void {
    this.count += 1
    if (this.count > MAX_TRACK_POINTS) throw new TrackFileError('track_too_many_points', `more than ${MAX_TRACK_POINTS} points`)
  }
}
