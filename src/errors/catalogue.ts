/**
 * The single error catalogue shared by the server and the UI.
 *
 * Each entry gives the server message (the wire `message`, kept identical to the reference
 * tracker's so existing clients keep working), the HTTP status, and the wire `status` word.
 * The wire body carries the code beside the message; the UI translates by code: `t('api.ERROR.' + code)`.
 */

/** The `status` word of an error body. */
export type WireErrorStatus = 'error' | 'fail' | 'not found'

/** One catalogued error. */
export interface ErrorDefinition {
  readonly message: string
  readonly status: number
  readonly wire: WireErrorStatus
}

export const errorCatalogue = {
  // 400 — validation
  invalid_payload: { message: 'invalid payload', status: 400, wire: 'error' },
  username_length: { message: 'username: 3 to 30 characters required', status: 400, wire: 'error' },
  username_characters: {
    message: 'username: only alphanumeric characters and the underscore character "_" allowed',
    status: 400,
    wire: 'error',
  },
  username_taken: { message: 'sorry, that username is already taken', status: 400, wire: 'error' },
  email_invalid: { message: 'email: valid email must be provided', status: 400, wire: 'error' },
  password_length: { message: 'password: 8 characters required', status: 400, wire: 'error' },
  password_mismatch: {
    message: 'password: password and password confirmation do not match',
    status: 400,
    wire: 'error',
  },
  email_unchanged: { message: 'new email must be different than curent email', status: 400, wire: 'error' },
  admin_contact_invalid: { message: 'valid email must be provided for admin contact', status: 400, wire: 'error' },
  max_files_in_zip_invalid: { message: 'Max. files in a zip archive must be greater than 0', status: 400, wire: 'error' },
  max_single_file_size_invalid: { message: 'Max. size of uploaded files must be greater than 0', status: 400, wire: 'error' },
  max_zip_file_size_invalid: { message: 'Max. size of zip archive must be greater than 0', status: 400, wire: 'error' },
  max_zip_smaller_than_file: {
    message: 'Max. size of zip archive must be equal or greater than max. size of uploaded files',
    status: 400,
    wire: 'error',
  },
  email_sending_disabled: { message: 'error, email sending is disabled', status: 400, wire: 'error' },
  // The reference tracker's answer to an unknown `time` of the statistics (a `fail`, capitalised).
  stats_time_period_invalid: { message: 'Invalid time period.', status: 400, wire: 'fail' },
  stats_range_too_long: { message: 'the statistics range must not exceed 50 years', status: 400, wire: 'error' },

  // 400 — files
  no_file_part: { message: 'no file part', status: 400, wire: 'fail' },
  no_selected_file: { message: 'no selected file', status: 400, wire: 'fail' },
  file_extension_not_allowed: { message: 'file extension not allowed', status: 400, wire: 'fail' },

  // 401 — authentication
  auth_token_missing: { message: 'provide a valid auth token', status: 401, wire: 'error' },
  auth_token_expired: { message: 'signature expired, please log in again', status: 401, wire: 'error' },
  auth_token_invalid: { message: 'invalid token, please log in again', status: 401, wire: 'error' },
  invalid_credentials: { message: 'invalid credentials', status: 401, wire: 'error' },
  // The right password of an account an administrator (or its confirmation e-mail) has not activated yet.
  account_inactive: { message: 'this account is waiting for activation', status: 401, wire: 'error' },
  reset_token_invalid: { message: 'invalid token, please request a new token', status: 401, wire: 'error' },
  access_token_revoked: { message: 'this access token was revoked', status: 401, wire: 'error' },
  access_token_expired: { message: 'this access token has expired', status: 401, wire: 'error' },

  // 403 — permissions
  forbidden: { message: 'you do not have permissions', status: 403, wire: 'error' },
  access_token_read_only: { message: 'this access token may only read', status: 403, wire: 'error' },
  access_token_not_allowed: {
    message: 'access tokens cannot be used for administration or account security: sign in instead',
    status: 403,
    wire: 'error',
  },
  registration_disabled: { message: 'error, registration is disabled', status: 403, wire: 'error' },
  setup_code_required: {
    message: 'the first account can only be created on the server computer, or with the setup code the server shows',
    status: 403,
    wire: 'error',
  },
  last_admin: {
    message: 'you can not delete your account, no other user has admin rights',
    status: 403,
    wire: 'error',
  },

  // 404
  route_not_found: { message: 'the requested URL was not found on the server', status: 404, wire: 'not found' },
  user_not_found: { message: 'user does not exist', status: 404, wire: 'not found' },
  sport_not_found: { message: 'sport does not exist', status: 404, wire: 'not found' },
  picture_not_found: { message: 'no picture', status: 404, wire: 'not found' },
  workout_not_found: { message: 'workout not found', status: 404, wire: 'not found' },
  segment_not_found: { message: 'segment not found', status: 404, wire: 'not found' },
  workout_has_no_file: { message: 'no file for this workout', status: 404, wire: 'not found' },
  map_not_found: { message: 'map does not exist', status: 404, wire: 'not found' },
  import_task_not_found: { message: 'import not found', status: 404, wire: 'not found' },
  access_token_not_found: { message: 'access token not found', status: 404, wire: 'not found' },
  share_link_not_found: { message: 'share link not found', status: 404, wire: 'not found' },

  // 413, 415, 429
  file_too_large: { message: 'file size is greater than the allowed size', status: 413, wire: 'fail' },
  zip_too_many_files: { message: 'the number of files in the archive exceeds the limit', status: 400, wire: 'fail' },
  zip_invalid: { message: 'the archive is damaged or not a zip file', status: 400, wire: 'fail' },
  zip_no_workout_file: { message: 'the archive holds no gpx, fit or tcx file', status: 400, wire: 'fail' },
  gzip_invalid: { message: 'the compressed (.gz) file is damaged, incomplete or not gzip', status: 400, wire: 'fail' },
  kmz_no_kml: { message: 'the KMZ file holds no KML document', status: 400, wire: 'fail' },
  workout_duplicate: { message: 'this workout was already imported', status: 409, wire: 'fail' },
  body_too_large: { message: 'request body is too large', status: 413, wire: 'fail' },
  unsupported_media_type: { message: 'unsupported content type', status: 415, wire: 'error' },
  too_many_requests: { message: 'too many attempts, please try again later', status: 429, wire: 'error' },

  // 500
  internal: { message: 'error, please try again or contact the administrator', status: 500, wire: 'error' },
  config_read_failed: { message: 'error on getting configuration', status: 500, wire: 'error' },
  config_update_failed: { message: 'error when updating configuration', status: 500, wire: 'error' },
  gpx_processing_failed: { message: 'error during gpx processing', status: 500, wire: 'error' },
  gpx_parsing_failed: { message: 'error during gpx file parsing', status: 500, wire: 'error' },

  // files that cannot become a workout
  track_file_empty: { message: 'the file is empty', status: 400, wire: 'error' },
  track_format_unsupported: {
    message: 'the content of this file is not GPX, FIT, TCX or KML, whatever its name says',
    status: 400,
    wire: 'error',
  },
  track_xml_invalid: {
    message: 'the file is not valid XML (it may be damaged or incomplete)',
    status: 400,
    wire: 'error',
  },
  track_xml_doctype: {
    message: 'the file contains a document type declaration (DTD), which is not allowed',
    status: 400,
    wire: 'error',
  },
  track_no_track: {
    message: 'the file has no track: it looks like a planned route or a list of waypoints, not a recorded workout',
    status: 400,
    wire: 'error',
  },
  track_no_points: {
    message: 'the track has no segment with at least two points',
    status: 400,
    wire: 'error',
  },
  track_empty: {
    message:
      "the track holds no recorded point, so neither a place nor a time to measure: usually an app's export of a workout recorded without GPS (Garmin Connect's GPX of an indoor session holds only its name and type); import its FIT or TCX file instead",
    status: 400,
    wire: 'error',
  },
  track_no_timestamps: {
    message: 'the track has no timestamps (<time>): it looks like a planned route, not a recorded workout',
    status: 400,
    wire: 'error',
  },
  track_times_sparse: {
    message: 'only a few points of the track have a time: it looks like a planned route with estimated times, not a recorded workout',
    status: 400,
    wire: 'error',
  },
  track_times_invalid: {
    message: 'the times of the track never move forward, so no duration can be computed',
    status: 400,
    wire: 'error',
  },
  track_times_span: {
    message: 'the times of the track span more than 68 years, longer than any workout: its clock is wrong',
    status: 400,
    wire: 'error',
  },
  track_segments_overlap: {
    message: 'some segments of the track overlap in time (for example the same segment twice)',
    status: 400,
    wire: 'error',
  },
  track_clock_stopped: {
    message: "most points of the track share one time: the device's clock was not running, so no duration or speed can be computed",
    status: 400,
    wire: 'error',
  },
  track_positions_impossible: {
    message: 'most positions of the track are farther apart than anyone can travel in the time between them (over 300 km/h): no distance can be measured',
    status: 400,
    wire: 'error',
  },
  track_times_made_up: {
    message: 'the track covers its distance faster than anyone can travel (over 300 km/h over a whole segment): its times were made up, as a planned route exported with times, not a recorded workout',
    status: 400,
    wire: 'error',
  },
  track_invalid_coordinates: {
    message: 'the track contains a point with missing or invalid coordinates',
    status: 400,
    wire: 'error',
  },
  track_too_many_points: {
    message: 'the track has too many points (more than 2,000,000)',
    status: 400,
    wire: 'error',
  },
  fit_corrupt: {
    message: 'the FIT file is damaged or incomplete (its checksum or structure is wrong)',
    status: 400,
    wire: 'error',
  },
  fit_not_activity: {
    message: 'the FIT file is not a recorded workout (it holds settings, monitoring data, a course or a training plan), so no workout can be made from it',
    status: 400,
    wire: 'error',
  },
  // No longer raised (such files import with an unknown distance); kept because import reports
  // stored before then still name it.
  fit_no_position_no_distance: {
    message: 'the FIT file has neither GPS positions nor distance, so no workout can be made from it',
    status: 400,
    wire: 'error',
  },
  // archive imports: reasons for one entry of an archive (or one row of an export's table)
  archive_entry_unsafe_path: { message: 'the path of this file in the archive is unsafe (absolute or with "..")', status: 400, wire: 'error' },
  archive_entry_symlink: { message: 'symbolic links in archives are not imported', status: 400, wire: 'error' },
  archive_nested_too_deep: { message: 'archives nested more than one level deep are not imported', status: 400, wire: 'error' },
  archive_entry_ratio: { message: 'the file is compressed too much to be safe (possible zip bomb)', status: 400, wire: 'error' },
  archive_entry_damaged: { message: 'the file is damaged in the archive: its bytes do not match what the archive lists', status: 400, wire: 'error' },
  import_interrupted: {
    message: 'the import was interrupted and could not resume: the files listed were imported, the others were not',
    status: 500,
    wire: 'error',
  },
  watched_file_unreadable: { message: 'the file in the watched folder could not be read (permissions)', status: 400, wire: 'error' },
  watched_source_gone: { message: 'the drive or watched folder went away while the file was being read', status: 400, wire: 'error' },
  import_too_many_running: { message: 'too many imports are running for this account, please wait for one to finish', status: 429, wire: 'error' },
  export_row_invalid: {
    message: "this part of the export's activity list could not be read (broken quotes or a damaged file)",
    status: 400,
    wire: 'error',
  },
  export_row_not_utf8: { message: "this row of the export's activity list is not UTF-8 text", status: 400, wire: 'error' },
  export_row_date_invalid: { message: 'this activity of the export has no valid date', status: 400, wire: 'error' },
  export_row_figures_invalid: { message: 'this activity of the export has no file and no valid duration or distance', status: 400, wire: 'error' },
  export_file_missing: { message: "the export lists this activity's file but the archive does not contain it", status: 400, wire: 'error' },
  archive_extracted_too_large: {
    message: 'the files extracted from the archive exceed the archive size limit',
    status: 413,
    wire: 'fail',
  },
  export_metadata_too_large: {
    message: "the export's activity list is too large to read (over the file size limit): its files are imported without its names and notes",
    status: 413,
    wire: 'fail',
  },
  export_equipment_invalid: {
    message: "the export's equipment list is not as its tracker writes it (a broken entry, an unknown type or a label twice): none of its items were imported, and its workouts were imported without equipment",
    status: 400,
    wire: 'error',
  },
  export_too_many_rows: { message: 'the export lists more activities than the files-per-archive limit: the rest of its list was not read', status: 400, wire: 'error' },
  import_crashed_twice: {
    message: 'the server stopped twice while this import ran, so it is not resumed again: the files listed were imported, the others were not',
    status: 500,
    wire: 'error',
  },
  import_not_resumable: { message: 'this import cannot be resumed: only an import stopped by a full disk can', status: 409, wire: 'error' },
  // equipment (the reference tracker's messages; `{name}` is filled by the error's params)
  equipment_label_and_type_required: {
    message: "the 'label' and 'equipment_type_id' parameters must be provided",
    status: 400,
    wire: 'error',
  },
  equipment_label_too_long: { message: 'label exceeds 50 characters', status: 400, wire: 'error' },
  equipment_description_too_long: { message: 'description exceeds 200 characters', status: 400, wire: 'error' },
  equipment_label_taken: { message: 'equipment already exists with the same label', status: 400, wire: 'error' },
  equipment_type_invalid: { message: 'invalid equipment type id', status: 400, wire: 'error' },
  equipment_type_inactive: { message: 'equipment type is inactive', status: 400, wire: 'error' },
  equipment_visibility_invalid: { message: 'invalid visibility', status: 400, wire: 'error' },
  equipment_default_sport_not_found: { message: 'sport (id {id}) does not exist', status: 400, wire: 'error' },
  equipment_default_sport_invalid: { message: "invalid sport '{sport}' for equipment type '{type}'", status: 400, wire: 'error' },
  equipment_no_data: { message: 'no request data was supplied', status: 400, wire: 'error' },
  equipment_no_valid_parameters: { message: 'no valid parameters supplied', status: 400, wire: 'error' },
  equipment_misc_limit: { message: 'a maximum of 5 pieces of Misc equipment can be added', status: 400, wire: 'error' },
  equipment_ids_invalid: { message: 'equipment_ids must be an array of strings', status: 400, wire: 'error' },
  equipment_one_per_type: { message: 'only one piece of equipment per type can be provided', status: 400, wire: 'error' },
  equipment_id_not_found: { message: 'equipment with id {id} does not exist', status: 400, wire: 'error' },
  equipment_id_inactive: { message: 'equipment with id {id} is inactive', status: 400, wire: 'error' },
  equipment_id_invalid_for_sport: { message: 'invalid equipment id {id} for sport {sport}', status: 400, wire: 'error' },
  equipment_has_workouts: {
    message:
      "Cannot delete equipment that has associated workouts. Equipment id {id} has {count} associated workout(s). (Provide argument 'force' as a query parameter to override this check)",
    status: 403,
    wire: 'error',
  },
  equipment_not_found: { message: 'equipment not found', status: 404, wire: 'not found' },
  equipment_type_not_found: { message: 'equipment type not found', status: 404, wire: 'not found' },
  // wear (ours: the reference has no limits or components)
  equipment_wear_limit_invalid: { message: 'a wear limit must be a positive number or null', status: 400, wire: 'error' },
  equipment_components_bike_only: { message: 'only bikes have components', status: 400, wire: 'error' },
  equipment_component_label_invalid: { message: 'a component needs a label of 1 to 50 characters', status: 400, wire: 'error' },
  equipment_component_date_invalid: { message: 'the date must be an ISO 8601 date and time', status: 400, wire: 'error' },
  equipment_component_retired: { message: 'this component was already replaced or retired', status: 400, wire: 'error' },
  equipment_component_date_before_fitting: { message: 'a component cannot be removed before it was fitted', status: 400, wire: 'error' },
  equipment_component_not_found: { message: 'component not found', status: 404, wire: 'not found' },
  // follows (the reference tracker's messages, and ours where it has none)
  follow_not_allowed: { message: 'you can not follow this user', status: 400, wire: 'error' },
  follow_request_rejected: { message: 'you do not have permissions', status: 403, wire: 'error' },
  follow_relationship_not_found: { message: 'relationship does not exist', status: 404, wire: 'not found' },
  follow_request_not_found: { message: 'Follow request does not exist.', status: 404, wire: 'not found' },
  follow_request_answered: { message: "Follow request from user '{username}' already {answer}.", status: 400, wire: 'error' },
  // privacy zones (ours: the reference has none)
  privacy_zone_position_invalid: { message: 'latitude must be between -90 and 90 and longitude between -180 and 180', status: 400, wire: 'error' },
  privacy_zone_radius_invalid: { message: 'radius must be a whole number of metres between 200 and 2000', status: 400, wire: 'error' },
  privacy_zones_limit: { message: 'a maximum of 10 privacy zones can be added', status: 400, wire: 'error' },
  privacy_zone_not_found: { message: 'privacy zone not found', status: 404, wire: 'not found' },
  // comments (the reference's messages; the length limit is ours)
  comment_text_invalid: { message: 'a comment must have between 1 and 2000 characters', status: 400, wire: 'error' },
  comment_not_found: { message: 'workout comment not found', status: 404, wire: 'not found' },
  // moderation (the reference refuses a suspended account everything; ours keeps its own workouts)
  sharing_suspended: { message: 'you do not have permissions, your sharing is suspended', status: 403, wire: 'error' },
  // notifications (the reference's message)
  notification_not_found: { message: 'notification not found', status: 404, wire: 'not found' },
  // 507 — storage
  disk_full: { message: "the server's disk is full: nothing was stored; free some space, then try again", status: 507, wire: 'error' },
} as const satisfies Record<string, ErrorDefinition>

/** Every catalogued error code. */
export type ErrorCode = keyof typeof errorCatalogue

/** The specification catalogue's broad file conditions that our precise file codes refine. */
type SpecFileCondition = 'gpx_parsing_failed' | 'gpx_processing_failed'

/**
 * Our precise file refusals, each mapped to the condition the specification's catalogue names for
 * it: the wire `message` is that condition's text (what clients of the reference tracker
 * translate), and our own text travels as `detail`.
 */
const refines: Partial<Record<ErrorCode, SpecFileCondition>> = {
  track_file_empty: 'gpx_parsing_failed',
  track_format_unsupported: 'gpx_parsing_failed',
  track_xml_invalid: 'gpx_parsing_failed',
  track_xml_doctype: 'gpx_parsing_failed',
  fit_corrupt: 'gpx_parsing_failed',
  track_no_track: 'gpx_processing_failed',
  track_no_points: 'gpx_processing_failed',
  track_empty: 'gpx_processing_failed',
  track_no_timestamps: 'gpx_processing_failed',
  track_times_invalid: 'gpx_processing_failed',
  track_times_span: 'gpx_processing_failed',
  track_times_sparse: 'gpx_processing_failed',
  track_segments_overlap: 'gpx_processing_failed',
  track_clock_stopped: 'gpx_processing_failed',
  track_positions_impossible: 'gpx_processing_failed',
  track_times_made_up: 'gpx_processing_failed',
  track_invalid_coordinates: 'gpx_processing_failed',
  track_too_many_points: 'gpx_processing_failed',
  fit_not_activity: 'gpx_processing_failed',
  fit_no_position_no_distance: 'gpx_processing_failed',
}

/** The wire `message` of a code: the specification's text for its condition, else the entry's own. */
export function wireMessageOf(code: ErrorCode): string {
  return errorCatalogue[refines[code] ?? code].message
}

/** The catalogue's codes, in declaration order. */
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[]

/**
 * Upload warnings: the file imported, but something was worked around. The wire carries the code
 * and the numbers its text needs (`UploadWarning`); the UI says it as
 * `workouts.IMPORT.WARNING.<code>`. `fit_tail_damaged` (`records_read`): the end of a FIT file was
 * damaged and the records before it were kept; `file_cut_off` (`points_read`): a GPX file ends
 * inside its document (cut off mid-write) and its complete points were kept; `activity_skipped` (`activity`): one activity of a
 * several-activity file had no usable track.
 */
export const warningCodes = ['fit_tail_damaged', 'file_cut_off', 'activity_skipped'] as const

/** Every catalogued upload warning code. */
export type WarningCode = (typeof warningCodes)[number]

/** `value` as a catalogue code, or `undefined` when it is none (e.g. a schema's own error text). */
export function catalogueCodeOf(value: string | undefined): ErrorCode | undefined {
  return value !== undefined && Object.hasOwn(errorCatalogue, value) ? (value as ErrorCode) : undefined
}

const codeByMessage = new Map<string, ErrorCode>(errorCodes.map((code) => [errorCatalogue[code].message, code]))

/**
 * Finds the code of a server message, so a client can translate what the server said.
 * @returns the code, or `undefined` for a message outside the catalogue.
 */
export function errorCodeOfMessage(message: string): ErrorCode | undefined {
  return codeByMessage.get(message)
}
