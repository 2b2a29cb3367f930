import type { ParsedFile, TrackFormat } from '../../src/domain/track'
import { detectFileFormat } from './detect-format'
import { importFitFile } from './fit/fit-importer'
import { gpxOutings, importGpxFile } from './gpx/gpx-importer'
import { importKmlFile } from './kml/kml-importer'
import { importTcxFile } from './tcx/tcx-importer'

type Imported = Pick<ParsedFile, 'activities' | 'warnings'>

const importers: Readonly<Record<TrackFormat, (path: string) => Promise<Imported>>> = {
  // A GPX file's tracks are one activity (the reference tracker's rule), unless they are outings
  // written out of time order (see gpxOutings).
  gpx: async (path) => {
    const { track, warnings } = await importGpxFile(path)
    return { activities: gpxOutings(track), warnings }
  },
  tcx: async (path) => ({ activities: await importTcxFile(path), warnings: [] }),
  fit: importFitFile,
  // KML too: one activity (a KMZ arrives unpacked, see packed-track-file.ts).
  kml: async (path) => ({ activities: [await importKmlFile(path)], warnings: [] }),
}

/**
 * Reads a workout file from disk into its activities (see {@link ParsedFile}). The format
 * (GPX 1.0/1.1, TCX, FIT, KML) is recognised from the content, not the file name. Each activity still
 * has to go through `analyseTrack`, which rejects tracks without 2 points or without timestamps.
 *
 * @param path a file on local disk (uploads are streamed to disk first)
 * @throws TrackFileError (an `AppError`, status 400) when the file cannot become a workout:
 *   `track_file_empty`, `track_format_unsupported`, `track_xml_invalid`, `track_xml_doctype`,
 *   `track_no_track`, `track_invalid_coordinates`, `track_too_many_points`, `track_no_points`, `track_times_sparse`,
 *   `fit_corrupt`, `fit_not_activity`. A FIT file whose end is
 *   damaged imports what was read before it, with a `fit_tail_damaged` warning; a GPX file cut off
 *   mid-write its complete points, with a `file_cut_off` warning. File-system errors (missing file) pass through.
 */
export async function importTrackFile(path: string): Promise<ParsedFile> {
  const format = await detectFileFormat(path)
  return { format, ...(await importers[format](path)) }
}
