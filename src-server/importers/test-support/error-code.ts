import { isAppError } from '../../../src/errors/app-error'

/** The catalogued code `read` throws, `no error`, or `unhandled: …` for anything uncatalogued. */
export function codeOf(read: () => unknown): string {
  try {
    read()
    return 'no error'
  } catch (error) {
    return isAppError(error) ? error.code : `unhandled: ${String(error)}`
  }
}
