import { isAbsolute, resolve } from 'node:path'
import { isWorkoutFileName } from '../src/desktop/file-types'

/** What the app was asked to do on its command line. */
export interface CommandLine {
  /** `--headless`: serve without a window, menu or tray (a home server). */
  readonly headless: boolean
  /** Workout files to import, as absolute paths ("Open with" passes them this way on Windows and Linux). */
  readonly files: string[]
}

/**
 * Reads the app's arguments. Switches (ours and Chromium's, and macOS's `-psn_…`) are skipped;
 * positional arguments that name workout files are resolved against the directory the app was
 * started from (which, for a second instance, is that instance's directory).
 */
export function parseCommandLine(argv: readonly string[], workingDirectory: string): CommandLine {
  const args = argv.slice(1)
  const files = args
    .filter((arg) => !arg.startsWith('-') && isWorkoutFileName(arg))
    .map((arg) => (isAbsolute(arg) ? arg : resolve(workingDirectory, arg)))
  return { headless: args.includes('--headless'), files: [...new Set(files)] }
}
