import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import yazl from 'yazl'
import type { ImportTask, ImportTaskResponse } from '../../src/contracts'
import type { ApiAnswer, TestServer } from './test-server'
import type { ZipEntryInput } from './zip-builder'

/** The project's shared test files. */
export const FIXTURES = join(__dirname, '..', '..', 'tests', 'fixtures')

export const fixture = (relative: string) => readFile(join(FIXTURES, relative))

/** `count` distinct rides (the reference ride shifted by whole hours), as archive entries `ride-<i>.gpx`. */
export async function rides(count: number): Promise<ZipEntryInput[]> {
  const base = (await fixture('gpx/gpx_file.gpx')).toString()
  return Array.from({ length: count }, (_, i) => ({
    name: `ride-${i}.gpx`,
    data: base.replace(/2018-03-13T(\d\d)/g, (_m, hour: string) => `2018-03-${String(14 + Math.floor(i / 10)).padStart(2, '0')}T${String((Number(hour) + (i % 10)) % 24).padStart(2, '0')}`),
  }))
}

/** Real files from public repositories, kept in the repository (`tests/fixtures/real`, see SOURCES.md there). */
export const realFixtures = (): string => join(FIXTURES, 'real')

/** A file of the real corpus, e.g. `fit/garmin-fenix5-run.fit`. */
export const realFile = (relative: string) => readFile(join(realFixtures(), relative))

/** Every file of the real corpus, as `fit/nick.fit`, sorted (not `pending/`: files we still get wrong). */
export async function realCorpusFiles(): Promise<string[]> {
  const entries = await readdir(realFixtures(), { withFileTypes: true })
  const folders = entries.filter((entry) => entry.isDirectory() && entry.name !== 'pending').map((entry) => entry.name)
  const names = await Promise.all(folders.map(async (folder) => (await readdir(join(realFixtures(), folder))).map((name) => `${folder}/${name}`)))
  return names.flat().sort()
}

/** A zip of files of the real corpus under their corpus paths, deflated as exports are. */
export async function realCorpusZip(names: readonly string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const name of names) zip.addBuffer(await realFile(name), name)
  zip.end()
  return buffer(zip.outputStream)
}

/**
 * Uploads a file to POST /workouts as our UI does: the multipart `data` field, and
 * `Prefer: respond-async` so an archive answers 202 with its task at once. With
 * `{ respondAsync: false }` it is a reference-tracker client, whose archive import completes
 * within the request.
 */
export function upload<T = Record<string, unknown>>(
  t: TestServer,
  token: string,
  name: string,
  bytes: Buffer | string,
  data: Record<string, unknown> | string = { sport_id: 1 },
  { respondAsync = true }: { respondAsync?: boolean } = {},
): Promise<ApiAnswer<T>> {
  const form = uploadForm(name, bytes, data)
  return t.api<T>('POST', 'workouts', { token, form, ...(respondAsync ? { headers: { prefer: 'respond-async' } } : {}) })
}

/** The multipart body of POST /workouts: the file and the `data` field (JSON text). */
export function uploadForm(name: string, bytes: Buffer | string, data: Record<string, unknown> | string = { sport_id: 1 }): FormData {
  const form = new FormData()
  form.append('file', new Blob([bytes]), name)
  form.append('data', typeof data === 'string' ? data : JSON.stringify(data))
  return form
}

/** Polls an archive import until it is no longer in progress. */
export async function waitForImport(t: TestServer, token: string, taskId: string, timeoutMs = 30_000): Promise<ImportTask> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const answer = await t.api<ImportTaskResponse>('GET', `workouts/imports/${taskId}`, { token })
    if (answer.status !== 200) throw new Error(`import ${taskId} answered ${answer.status}`)
    if (answer.body.data.task.status !== 'in_progress') return answer.body.data.task
    if (Date.now() > deadline) throw new Error('import did not finish in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Uploads an archive (an account export, say), expects it taken as an import task, and waits for its end. */
export async function importArchive(
  t: TestServer,
  token: string,
  name: string,
  archive: Buffer,
  data: Record<string, unknown> = { sport_id: 1 },
  timeoutMs = 60_000,
): Promise<ImportTask> {
  const answer = await upload<ImportTaskResponse>(t, token, name, archive, data)
  if (answer.status !== 202) throw new Error(`the archive ${name} answered ${answer.status}, not 202`)
  return waitForImport(t, token, answer.body.data.task.id, timeoutMs)
}

/** Seconds of an `H:MM:SS` (or `N days, H:MM:SS`) duration. */
export function seconds(duration: string): number {
  const match = /^(?:(\d+) days?, )?(\d+):(\d\d):(\d\d)$/.exec(duration)
  if (!match) throw new Error(`not a duration: ${duration}`)
  const [, days = '0', hours = '0', minutes = '0', secs = '0'] = match
  return Number(days) * 86_400 + Number(hours) * 3600 + Number(minutes) * 60 + Number(secs)
}
