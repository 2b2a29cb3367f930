import { createHash, randomBytes } from 'node:crypto'
import type { WorkoutsListResponse } from '../../../src/contracts'
import type { Database } from '../../db/repositories'
import type { WorkoutFragmentsAnswer, WorkoutRow, WorkoutSegmentRow, WorkoutsRepository } from '../../db/repositories/workouts.repository'
import { presentRecord } from '../users/user.presenter'
import { byWorkout, presentWorkout, type WorkoutExtras } from './workout.presenter'

/**
 * A workout's list fragment: its object in the list of its owner's workouts, written once per
 * change instead of presented at every list (a list of 100 handed ~3,000 values over from SQLite
 * and presented and serialised 100 objects: ~1.5 ms of the list's ~4 ms of CPU). What other rows
 * change is left out and spliced in at each answer: the owner's name (a rename), the previous and
 * next workout (any insert or delete nearby) and the records (any write of the sport). Stored as
 * the presenter's version, then the JSON text cut where those go, joined by a character no JSON
 * text holds raw.
 */
const CUT = '\u0001'

/** Stands for a spliced value while the fragment is serialised (unguessable, so no title holds it). */
const PLACEHOLDER = `list-fragment-${randomBytes(16).toString('hex')}`

/** The fragment's JSON text, cut into the five pieces around what is spliced in. */
function fragmentPieces(workout: WorkoutRow, segments: readonly WorkoutSegmentRow[]): string[] {
  // Every input of the presenter besides the row and its segments must be placed here, stored or
  // spliced (each spliced one cut out below and written in by `listJson`): a new input fails to
  // compile until it is. The list carries no equipment (a list asking for it is presented whole).
  const extras: Required<WorkoutExtras> = { username: PLACEHOLDER, segments, records: [], previousId: PLACEHOLDER, nextId: PLACEHOLDER, equipments: [] }
  // Overwriting keeps each key's place in the object, hence in the text.
  const shown = { ...presentWorkout(workout, extras), records: PLACEHOLDER }
  const pieces = JSON.stringify(shown).split(`"${PLACEHOLDER}"`)
  if (pieces.length !== 5) throw new Error(`a list fragment of ${workout.id} cut into ${pieces.length} pieces`)
  return pieces
}

/** Workouts the presenter is asked about to tell its version: every kind of figure, null and not. */
export const FRAGMENT_SAMPLES: [WorkoutRow, WorkoutSegmentRow[]][] = [
  [
    {
      id: 'sampleFileWorkout000000', userId: 1, sportId: 1, title: 'Ride "sample"', notes: 'é\n', workoutDate: new Date(Date.UTC(2024, 5, 1, 6, 7, 8)),
      createdAt: new Date(Date.UTC(2024, 5, 1, 9)), modifiedAt: new Date(Date.UTC(2024, 5, 2, 10, 11, 12, 345)), duration: 5025, moving: 4500, pauses: 525,
      distance: 42.1234567, aveSpeed: 33.6987654, maxSpeed: 61.005, minAlt: -3.456, maxAlt: 1234.5678, ascent: 456.785, descent: 455.004,
      bounds: '[45.1,5.2,45.3,5.4]', filePath: 'workouts/1/sample.fit', fileFormat: 'fit', fileHash: 'hash', mapId: 'map', calories: 812,
      weatherStart: '{"humidity":0.5,"icon":"clear-day","temperature":12.5,"wind":3.2,"windBearing":180}', weatherEnd: null,
      hasHeartRate: true, hasCadence: false, hasPower: true, transition: false, workoutVisibility: 'followers_only', analysisVisibility: 'public', mapVisibility: 'private',
    },
    [0, 1].map((segmentIndex) => ({
      workoutId: 'sampleFileWorkout000000', segmentIndex, duration: 2500 + segmentIndex, moving: 2250, pauses: 250, distance: 21.0617283,
      aveSpeed: 33.7, maxSpeed: 61.005, minAlt: -3.456, maxAlt: null, ascent: 0, descent: 455.004,
    })),
  ],
  [
    {
      id: 'sampleTypedInWorkout000', userId: 1, sportId: 2, title: null, notes: null, workoutDate: new Date(Date.UTC(1999, 11, 31, 23, 59, 59)),
      createdAt: new Date(Date.UTC(2000, 0, 1)), modifiedAt: null, duration: 3600, moving: 3600, pauses: 0, distance: null, aveSpeed: null,
      maxSpeed: null, minAlt: null, maxAlt: null, ascent: null, descent: null, bounds: null, filePath: null, fileFormat: null, fileHash: null,
      mapId: null, calories: null, weatherStart: null, weatherEnd: null, hasHeartRate: false, hasCadence: false, hasPower: false, transition: false,
      workoutVisibility: 'public', analysisVisibility: 'public', mapVisibility: 'public',
    },
    [],
  ],
]

let version: string | null = null
/**
 * The presenter's version, which starts every fragment: a digest of what it makes of the samples,
 * so a change to what it writes makes the stored fragments stale without anyone bumping a number
 * (they are written again once the server starts: `fillListFragments`).
 */
export function fragmentVersion(): string {
  version ??= `v${createHash('sha256').update(JSON.stringify(FRAGMENT_SAMPLES.map(([workout, segments]) => fragmentPieces(workout, segments)))).digest('hex').slice(0, 16)}`
  return version
}

/** A workout's list fragment, to be stored. */
export function listFragmentOf(workout: WorkoutRow, segments: readonly WorkoutSegmentRow[]): string {
  return [fragmentVersion(), ...fragmentPieces(workout, segments)].join(CUT)
}

/**
 * The list's answer as JSON text from the page's fragments, exactly as `JSON.stringify` writes the
 * presented list, or null when one of them is not written or of another version (the list is then
 * presented from its rows).
 */
export function listJson(username: string, page: WorkoutFragmentsAnswer, envelope: Omit<WorkoutsListResponse, 'data'> & { data: Omit<WorkoutsListResponse['data'], 'workouts'> }): string | null {
  const current = fragmentVersion()
  const user = JSON.stringify(username)
  const records = byWorkout(page.records)
  const workouts: string[] = []
  for (const { id, fragment, previousId, nextId } of page.workouts) {
    const pieces = fragment?.split(CUT)
    if (pieces?.length !== 6 || pieces[0] !== current) return null
    const shownRecords = JSON.stringify((records.get(id) ?? []).map((record) => presentRecord(record, username)))
    workouts.push(`${pieces[1]}${user}${pieces[2]}${JSON.stringify(previousId)}${pieces[3]}${JSON.stringify(nextId)}${pieces[4]}${shownRecords}${pieces[5]}`)
  }
  // The workouts go first in `data`, as the presented answer has them.
  const { status, data, pagination } = envelope
  const text = JSON.stringify({ status, data: { workouts: [], ...data }, pagination })
  return text.replace('"workouts":[]', () => `"workouts":[${workouts.join(',')}]`)
}

/**
 * Writes the fragments a write's transaction made stale (see `takeStaleFragments`), before it
 * commits: two statements when it changed workouts, none otherwise.
 */
export async function settleListFragments(workouts: WorkoutsRepository): Promise<void> {
  const ids = workouts.takeStaleFragments()
  if (ids.length === 0) return
  const sources = await workouts.withoutFragment(ids)
  const segments = byWorkout(sources.segments)
  await workouts.writeFragments(new Map(sources.workouts.map((workout) => [workout.id, listFragmentOf(workout, segments.get(workout.id) ?? [])])))
}

/**
 * Writes every fragment not written yet or of another version of the presenter (after the
 * migration that added them, after an update of the server), 500 workouts a write; lists read
 * the workouts' rows meanwhile.
 */
export async function fillListFragments(database: Database, signal: AbortSignal): Promise<void> {
  let after = ''
  while (!signal.aborted) {
    const ids = await database.reads.workouts.staleFragmentIds(fragmentVersion(), after, 500)
    if (ids.length === 0) return
    await database.write(({ workouts }) => workouts.renewFragments(fragmentVersion(), ids))
    after = ids.at(-1) ?? after
  }
}
