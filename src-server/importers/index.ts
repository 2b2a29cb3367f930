
export { importTrackFile } from './import-track-file'


