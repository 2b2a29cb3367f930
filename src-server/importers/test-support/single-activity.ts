import type { Track } from '../../../src/domain/track'

/**
 * The only activity of a file the test expects to hold exactly one; throws otherwise, so a file
 * wrongly split into several activities fails the test instead of testing the first part.
 */
export function singleActivity(parsed: { readonly activities: readonly Track[] } | readonly Track[]): Track {
  const activities = 'activities' in parsed ? parsed.activities : parsed
  const [only] = activities
  if (only === undefined || activities.length !== 1) throw new Error(`expected one activity, got ${activities.length}`)
  return only
}
