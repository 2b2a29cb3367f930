import { AppError } from '../../src/errors/app-error'
import type { ErrorCode } from '../../src/errors/catalogue'

/**
 * A file that cannot become a workout. The wire message is the catalogue's; `detail` says
 * precisely what was wrong (e.g. the XML error and its line) for logs and import reports.
 */
export class TrackFileError extends AppError {
  constructor(code: ErrorCode, detail = '') {
    super(code, { detail })
    this.name = 'TrackFileError'
  }
}
