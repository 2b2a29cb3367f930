import { describe, expect, it } from 'vitest'
import type { CreateWorkoutResponse, ImportTask, ImportTaskResponse, Workout } from '../../../src/contracts'
import { ApiError } from '../../api/ApiError'
import { countOutcomes, outcomesOfUpload, resumeImport, runImport, type ImportDeps, type ImportProgress } from './importQueue'

const file = (name: string, size = 10) => new File(['x'.repeat(size)], name)
const limits = { maxFileBytes: 100, maxZipBytes: 1000 }
const created = (id: string): CreateWorkoutResponse => ({ status: 'created', data: { workouts: [{ id } as Workout] } })
const task = (patch: Partial<ImportTask>): ImportTaskResponse => ({
  status: 'in_progress',
  data: { task: { id: 't1', status: 'in_progress', files_total: 3, files_done: 0, results: [], ...patch } },
})

function deps(uploads: (form: FormData) => Promise<CreateWorkoutResponse>, tasks: ImportTaskResponse[] = []): ImportDeps & { waits: number } {
  const state = {
    waits: 0,
    upload: uploads,
    getTask: () => Promise.resolve(tasks.shift() ?? task({ status: 'done' })),
    wait: () => {
      state.waits += 1
      return Promise.resolve()
    },
    cancelled: () => false,
  }
  return state
}

describe('runImport', () => {
  it('sends files one by one, keeps going after a failure and names duplicates', async () => {
    const sent: string[] = []
    const upload = (form: FormData) => {
      const sentFile = form.get('file')
      const name = sentFile instanceof File ? sentFile.name : ''
      sent.push(name)
      const data = form.get('data')
      expect(typeof data === 'string' ? JSON.parse(data) : null).toEqual({ sport_id: 3 })
      if (name === 'dup.gpx') return Promise.reject(new ApiError(409, ['api.ERROR.workout_duplicate']))
      if (name === 'bad.gpx') return Promise.reject(new ApiError(400, ['api.ERROR.track_no_track']))
      return Promise.resolve(created(`id-${name}`))
    }
    const seen: ImportProgress[] = []
    const result = await runImport([file('a.gpx'), file('dup.gpx'), file('big.gpx', 500), file('bad.gpx')], { sport_id: 3 }, limits, deps(upload), (progress) => seen.push(progress))
    expect(sent).toEqual(['a.gpx', 'dup.gpx', 'bad.gpx'])
    expect(result.results).toEqual([
      { file: 'a.gpx', status: 'imported', workoutId: 'id-a.gpx' },
      { file: 'dup.gpx', status: 'duplicate', workoutId: null },
      { file: 'big.gpx', status: 'error', errorKeys: ['api.ERROR.file_too_large'] },
      { file: 'bad.gpx', status: 'error', errorKeys: ['api.ERROR.track_no_track'] },
    ])
    expect(result).toMatchObject({ total: 4, done: 4, finished: true, current: null })
    expect(seen.map((progress) => progress.done)).toEqual([0, 1, 1, 2, 3, 3, 4, 4])
    expect(countOutcomes(result.results)).toEqual({ imported: 1, duplicate: 1, error: 2, workouts: 1 })
  })

  it('follows an archive task until it is done, one result per file inside', async () => {
    const first = task({
      files_total: 3,
      files_done: 1,
      results: [{ file: 'one.gpx', status: 'imported', workout_id: 'w1', workout_ids: ['w1'] }],
      current_file: 'two.gpx',
      seconds_left: 42,
    })
    const later = [
      task({ files_total: 3, files_done: 2, results: [{ file: 'one.gpx', status: 'imported', workout_id: 'w1', workout_ids: ['w1'] }, { file: 'two.gpx', status: 'duplicate', workout_id: 'w0', workout_ids: ['w0'] }] }),
      {
        status: 'success' as const,
        data: {
          task: {
            id: 't1',
            status: 'done' as const,
            files_total: 3,
            files_done: 3,
            results: [
              { file: 'one.gpx', status: 'imported' as const, workout_id: 'w1', workout_ids: ['w1', 'w2'], warnings: [{ code: 'fit_tail_damaged', records_read: 12 }] },
              { file: 'two.gpx', status: 'duplicate' as const, workout_id: 'w0', workout_ids: ['w0'] },
              { file: 'three.gpx', status: 'error' as const, message: 'error during gpx file parsing', code: 'track_xml_invalid' as const },
            ],
          },
        },
      },
    ]
    const run = deps(() => Promise.resolve({ status: 'in_progress', data: { task: first.data.task } }), later)
    const seen: ImportProgress[] = []
    const result = await runImport([file('rides.zip')], { sport_id: 1 }, limits, run, (progress) => seen.push({ ...progress }))
    expect(run.waits).toBe(2)
    expect(result).toMatchObject({ total: 3, done: 3, finished: true })
    // one.gpx gave two workouts (a multisport file): one outcome each, still three files done.
    expect(result.results.map((outcome) => outcome.status)).toEqual(['imported', 'imported', 'duplicate', 'error'])
    expect(result.results.slice(0, 2).map((outcome) => (outcome.status === 'imported' ? outcome.workoutId : null))).toEqual(['w1', 'w2'])
    // The file's warnings are said with its first workout, as for a file uploaded alone.
    expect(result.results.slice(0, 2).map((outcome) => (outcome.status === 'imported' ? outcome.warnings : null))).toEqual([
      [{ key: 'workouts.IMPORT.WARNING.fit_tail_damaged', values: { records_read: 12 } }],
      undefined,
    ])
    expect(result.results[2]).toEqual({ file: 'two.gpx', status: 'duplicate', workoutId: 'w0' })
    expect(result.results[3]).toEqual({ file: 'three.gpx', status: 'error', errorKeys: ['api.ERROR.track_xml_invalid'] })
    // The summary's counts add up to the three files, the two workouts of one.gpx counted beside them.
    expect(countOutcomes(result.results)).toEqual({ imported: 1, duplicate: 1, error: 1, workouts: 2 })
    expect(seen.some((progress) => progress.done === 2 && progress.total === 3)).toBe(true)
    // The running task's current file and estimate are shown while it runs, and cleared at its end.
    expect(seen.find((progress) => progress.done === 1)).toMatchObject({ importing: 'two.gpx', secondsLeft: 42 })
    expect(result).toMatchObject({ importing: null, secondsLeft: null })
  })

  it('reports a refused archive as one error', async () => {
    const refused: CreateWorkoutResponse = { status: 'in_progress', data: { task: { id: 't', status: 'failed', files_total: 0, files_done: 0, results: [], message: 'the archive is damaged or not a zip file' } } }
    const result = await runImport([file('empty.zip')], { sport_id: 1 }, limits, deps(() => Promise.resolve(refused)), () => undefined)
    expect(result.results).toHaveLength(1)
    expect(result.results[0]).toEqual({ file: 'empty.zip', status: 'error', errorKeys: ['api.ERROR.zip_invalid'] })
    expect(result).toMatchObject({ total: 1, done: 1 })
  })
})

describe('an import a full disk stopped', () => {
  const diskFull = "the server's disk is full: nothing was stored; free some space, then try again"
  const imported = { file: 'one.gpx', status: 'imported' as const, workout_id: 'w1', workout_ids: ['w1'] }

  it('says why beside the files imported, and offers to resume it', async () => {
    const stopped = task({ status: 'failed', files_done: 1, results: [imported], message: diskFull, resumable: true })
    const result = await runImport([file('rides.zip')], { sport_id: 1 }, limits, deps(() => Promise.resolve(stopped)), () => undefined)
    expect(result.results).toEqual([
      { file: 'one.gpx', status: 'imported', workoutId: 'w1' },
      { file: 'rides.zip', status: 'error', errorKeys: ['api.ERROR.disk_full'] },
    ])
    expect(result.resumable).toEqual(['t1'])
  })

  it('resumed, is followed to its end', async () => {
    const resumed: string[] = []
    const done = task({ status: 'done', files_done: 2, files_total: 2, results: [imported, { ...imported, file: 'two.gpx', workout_id: 'w2', workout_ids: ['w2'] }] })
    const resume = (taskId: string) => {
      resumed.push(taskId)
      return Promise.resolve(task({ files_done: 1, results: [imported] }))
    }
    const result = await resumeImport('rides.zip', 't1', { ...deps(() => Promise.reject(new Error('no upload')), [done]), resume }, () => undefined)
    expect(resumed).toEqual(['t1'])
    expect(result).toMatchObject({ finished: true, done: 2, total: 2 })
    expect(result.results.map((outcome) => outcome.file)).toEqual(['one.gpx', 'two.gpx'])
  })
})

describe('outcomesOfUpload', () => {
  const workout = (id: string, title: string) => ({ id, title }) as Workout
  it('lists every workout of a file, titled when there are several, with the warnings translated', () => {
    const outcomes = outcomesOfUpload('tri.fit', {
      status: 'created',
      data: { workouts: [workout('a', 'Swim'), workout('b', 'Bike')], warnings: [{ code: 'fit_tail_damaged', records_read: 12 }, { code: 'new_code' }] },
    })
    expect(outcomes).toEqual([
      {
        file: 'tri.fit',
        status: 'imported',
        workoutId: 'a',
        title: 'Swim',
        leg: 0,
        warnings: [
          { key: 'workouts.IMPORT.WARNING.fit_tail_damaged', values: { records_read: 12 } },
          { key: 'workouts.IMPORT.WARNING.other', values: { code: 'new_code' } },
        ],
      },
      { file: 'tri.fit', status: 'imported', workoutId: 'b', title: 'Bike', leg: 1 },
    ])
    // One file, two workouts: the counts add up to the files, the workouts are counted beside them.
    expect(countOutcomes(outcomes)).toEqual({ imported: 1, duplicate: 0, error: 0, workouts: 2 })
    expect(outcomesOfUpload('one.gpx', { status: 'created', data: { workouts: [workout('c', 'Ride')], warnings: [] } })).toEqual([
      { file: 'one.gpx', status: 'imported', workoutId: 'c' },
    ])
  })
})
