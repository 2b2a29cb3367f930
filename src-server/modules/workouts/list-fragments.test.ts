import { describe, expect, it } from 'vitest'
import type { RecordType } from '../../db/entities'
import type { RecordRow } from '../../db/repositories/records.repository'
import { paginationOf } from '../../lib/pagination'
import { presentRecord } from '../users/user.presenter'
import { FRAGMENT_SAMPLES, fragmentVersion, listFragmentOf, listJson } from './list-fragments'
import { presentWorkout, type WorkoutExtras } from './workout.presenter'

const record = (recordType: RecordType, value: number, workoutId: string): RecordRow => ({
  id: value, userId: 1, sportId: 1, workoutId, recordType, value, workoutDate: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
})

const envelope = { status: 'success' as const, data: { totals: { count: 1, distance: 1.5, duration: 60, ascent: 0, descent: 0 } }, pagination: paginationOf(1, 10, 1) }

/**
 * Two values of each input of the presenter besides the row (a new input fails to compile here
 * until it has some), as `listJson` gets them. The records are rows, presented with the name.
 */
type Inputs = { [K in keyof Required<WorkoutExtras>]: K extends 'records' ? RecordRow[] : Required<WorkoutExtras>[K] }
const variants = (id: string, segments: WorkoutExtras['segments']): { [K in keyof Inputs]: Inputs[K][] } => ({
  username: ['sam', 'Émile "le" \\ cycliste </script> \u2028'],
  segments: [[], segments],
  records: [[], [record('AS', 33.456, id), record('LD', 4500, id), record('FD', 42.0005, id)]],
  previousId: [null, 'previousWorkout0000000'],
  nextId: [null, 'nextWorkout00000000000'],
  // A list carries no equipment: one that asks for it is presented from its rows.
  equipments: [[]],
})

describe('a workout’s list fragment', () => {
  it('spliced with each input of the presenter, is the presenter’s JSON of it', () => {
    for (const [row, segments] of FRAGMENT_SAMPLES) {
      const all = variants(row.id, segments)
      const base: Inputs = { username: 'sam', segments, records: [], previousId: null, nextId: null, equipments: [] }
      for (const key of Object.keys(all) as (keyof Inputs)[]) {
        for (const value of all[key]) {
          const inputs = { ...base, [key]: value }
          const presented = presentWorkout(row, { ...inputs, records: inputs.records.map((one) => presentRecord(one, inputs.username)) })
          const expected = JSON.stringify({ status: envelope.status, data: { workouts: [presented], ...envelope.data }, pagination: envelope.pagination })
          const page = { workouts: [{ id: row.id, fragment: listFragmentOf(row, inputs.segments), previousId: inputs.previousId, nextId: inputs.nextId }], records: inputs.records, sums: { total: 1, distance: 1.5, duration: 60, ascent: 0, descent: 0 } }
          expect(listJson(inputs.username, page, envelope), `${key} = ${JSON.stringify(value)}`).toBe(expected)
        }
      }
    }
  })

  it('of another version of the presenter, or not written, leaves the list to be presented from its rows', () => {
    const [row, segments] = FRAGMENT_SAMPLES[0] ?? []
    if (!row || !segments) throw new Error('no sample')
    const fragment = listFragmentOf(row, segments)
    const page = (stored: string | null) => ({ workouts: [{ id: row.id, fragment: stored, previousId: null, nextId: null }], records: [], sums: { total: 1, distance: 1.5, duration: 60, ascent: 0, descent: 0 } })
    expect(listJson('sam', page(fragment), envelope)).not.toBeNull()
    expect(fragment.startsWith(`${fragmentVersion()}\u0001`)).toBe(true)
    expect(listJson('sam', page(`v0${fragment.slice(fragmentVersion().length)}`), envelope)).toBeNull()
    expect(listJson('sam', page(null), envelope)).toBeNull()
  })
})
