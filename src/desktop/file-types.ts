/** Track file extensions, lower case and without the dot. */
const TRACK_EXTENSIONS: readonly string[] = ['gpx', 'fit', 'tcx', 'kml']

/** File extensions the import accepts: track files, gzipped ones (`ride.fit.gz`) and zip archives. */
export const WORKOUT_EXTENSIONS = ['gpx', 'fit', 'tcx', 'kml', 'kmz', 'gz', 'zip'] as const

/** Extensions the desktop app registers itself as an "Open with" handler for (single tracks only). */
export const ASSOCIATED_EXTENSIONS = ['gpx', 'fit', 'tcx'] as const

/** Largest file the desktop app reads for an import; the server applies its own limits again. */
export const MAX_PICKED_FILE_BYTES = 512 * 1024 * 1024

/** The lower-case extension of a file name, without the dot ('' when there is none). */
function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
}

/** True for a name the import can take (GPX, FIT, TCX, KML/KMZ, one of them gzipped, or a zip archive of them). */
export function isWorkoutFileName(name: string): boolean {
  const extension = fileExtension(name)
  if (extension === 'gz') return TRACK_EXTENSIONS.includes(fileExtension(name.slice(0, -3)))
  return (WORKOUT_EXTENSIONS as readonly string[]).includes(extension)
}

/** The MIME type used when a picked file is turned into a browser `File` for upload. */
export function workoutMimeType(name: string): string {
  switch (fileExtension(name)) {
    case 'gpx':
      return 'application/gpx+xml'
    case 'tcx':
      return 'application/vnd.garmin.tcx+xml'
    case 'zip':
      return 'application/zip'
    default:
      return 'application/octet-stream'
  }
}
