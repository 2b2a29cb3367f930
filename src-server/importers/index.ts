export { detectFileFormat, detectFormat } from './detect-format'
export { importTrackFile } from './import-track-file'
export { MAX_TRACK_POINTS } from './point-budget'
export { TrackFileError } from './track-file-error'
