import { mkdir, rm } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { isAppError } from '../../src/errors'
import type { ServerContext } from '../context'
import { UserEntity } from '../db/entities'
import type { Repositories } from '../db/repositories'
import { randomPassword, randomToken } from '../lib/secrets'
import { recomputeRecords } from '../modules/records/records.service'
import { importWorkoutFile, type FileImportContext } from '../modules/workouts/workout-import'
import { equipmentRefusal, restoreEquipment } from '../modules/equipment/exported-equipment'
import { linkExportGear } from '../modules/equipment/workout-equipment'
import { shortId } from '../lib/short-id'
import { USER_EXPORT_ENTRY, userExportSchema, type ExportedWorkout, type UserExport } from './user-export-format'
import { entryPath, openZipReader, type ZipReader } from './zip-reader'

/** What a user import uses of the server: the file import's pipeline and the password hasher. */
export type UserImportContext = FileImportContext & Pick<ServerContext, 'passwords'>

/** An import that cannot be carried out (nothing was changed), with a one-line reason. */
export class ImportRefused extends Error {
  override name = 'ImportRefused'
}

export interface ImportSummary {
  username: string
  /** The account was created by the import. */
  created: boolean
  /** The new account's password (printed once), or null for an existing account. */
  password: string | null
  imported: number
  duplicates: number
  /** Workouts that could not be imported, with the reason. */
  failed: string[]
}

async function readDocument(zip: ZipReader, source: string): Promise<UserExport> {
  if (!zip.names.includes(USER_EXPORT_ENTRY)) throw new ImportRefused(`${source} is not a Waymark user export (no ${USER_EXPORT_ENTRY})`)
  let json: unknown
  try {
    json = JSON.parse((await zip.read(USER_EXPORT_ENTRY)).toString('utf8'))
  } catch {
    throw new ImportRefused(`${source}: ${USER_EXPORT_ENTRY} is not valid JSON`)
  }
  const parsed = userExportSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ImportRefused(`${source} is not a Waymark user export of version 1 (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'})`)
  }
  return parsed.data
}

/** The target account: the existing one, or a new one from the exported profile (an administrator if it is the first). */
async function targetAccount(context: UserImportContext, document: UserExport, username: string): Promise<{ user: UserEntity; password: string | null }> {
  const { database } = context
  const existing = await database.reads.users.byUsername(username)
  if (existing) return { user: existing, password: null }
  const profile = document.user
  if (await database.reads.users.byEmail(profile.email)) {
    throw new ImportRefused(`e-mail ${profile.email} belongs to another account: import into it with --as <username>`)
  }
  const password = randomPassword()
  const passwordHash = await context.passwords.hash(password)
  const user = await database.write(async ({ users }) => {
    const first = (await users.count()) === 0
    const created = Object.assign(new UserEntity(), {
      username,
      email: profile.email,
      passwordHash,
      admin: first,
      isActive: true,
      createdAt: new Date(profile.createdAt),
      firstName: profile.firstName,
      lastName: profile.lastName,
      birthDate: profile.birthDate,
      location: profile.location,
      bio: profile.bio,
      picture: null,
      ...profile.preferences,
      maxHeartRate: profile.preferences.maxHeartRate ?? null,
      restingHeartRate: profile.preferences.restingHeartRate ?? null,
      ftp: profile.preferences.ftp ?? null,
      emailToConfirm: null,
      confirmationTokenHash: null,
      confirmationTokenExpiresAt: null,
      emailTokenHash: null,
      emailTokenExpiresAt: null,
      tokenVersion: 0,
    })
    await users.insert(created)
    return created
  })
  return { user, password }
}

/** Sport preferences the account does not have yet (all of them for a new account). */
async function addSportPreferences({ users }: Repositories, user: UserEntity, document: UserExport): Promise<void> {
  for (const preference of document.sportPreferences) {
    if (await users.sportPreference(user.id, preference.sportId)) continue
    await users.insertSportPreference({
      userId: user.id,
      sportId: preference.sportId,
      color: preference.color,
      isActive: preference.isActive,
      stoppedSpeedThreshold: preference.stoppedSpeedThreshold,
      speedDisplay: preference.speedDisplay ?? null,
    })
  }
}

/** A workout typed in by hand, with its exported figures, unless the same one is there (its id either way). */
async function importManual({ workouts }: Repositories, user: UserEntity, workout: ExportedWorkout): Promise<{ id: string; added: boolean }> {
  const date = new Date(workout.workoutDate)
  const same = await workouts.sameOutingId({
    userId: user.id,
    sportId: workout.sportId,
    from: date,
    until: date,
    distanceKm: workout.distance,
    durationS: workout.duration,
  })
  if (same !== null) return { id: same, added: false }
  const { file: _file, map: _map, segments: _segments, sport: _sport, id: _id, equipment: _equipment, ...kept } = workout
  const id = shortId()
  await workouts.insertWithDefaults({
    ...kept,
    id,
    userId: user.id,
    workoutDate: new Date(workout.workoutDate),
    createdAt: new Date(workout.createdAt),
    modifiedAt: workout.modifiedAt ? new Date(workout.modifiedAt) : null,
    bounds: workout.bounds ? JSON.stringify(workout.bounds) : null,
    weatherStart: workout.weatherStart ? JSON.stringify(workout.weatherStart) : null,
    weatherEnd: workout.weatherEnd ? JSON.stringify(workout.weatherEnd) : null,
    calories: workout.calories ?? null,
    filePath: null,
    fileFormat: null,
    fileHash: null,
    mapId: null,
  })
  return { id, added: true }
}

/**
 * Imports a user export into this instance: into the account named `as` (or the exported
 * username), created when missing with a new random password. Workouts with a file go through
 * the server's import pipeline from their original, with the exported sport preferences in place
 * first, so figures, segments, charts and records are computed exactly as for an upload; typed
 * weather, notes, titles and dates are then carried over. Workouts already there are skipped.
 */
export async function importUser(context: UserImportContext, source: string, options: { as?: string | undefined } = {}): Promise<ImportSummary> {
  const zip = await openZipReader(source)
  const staging = join(context.layout.tmp, `user-import-${randomToken().slice(0, 12)}`)
  try {
    const document = await readDocument(zip, source)
    const { database } = context
    const sports = new Set((await database.reads.sports.all()).map((sport) => sport.id))
    const unknownSport = [...document.workouts, ...document.sportPreferences].find((item) => !sports.has(item.sportId))
    if (unknownSport) throw new ImportRefused(`${source} uses sport ${unknownSport.sportId}, unknown here`)
    for (const workout of document.workouts) {
      for (const entry of [workout.file?.entry, workout.map]) {
        if (entry && !zip.names.includes(entry)) throw new ImportRefused(`${source} lacks ${entry}`)
      }
    }

    const username = options.as ?? document.user.username
    const existing = await database.reads.users.byUsername(username)
    const refusal = await equipmentRefusal(database.reads, existing?.id ?? null, document.equipment ?? [], document.workouts)
    if (refusal) throw new ImportRefused(`${source}: ${refusal}`)
    const { user, password } = await targetAccount(context, document, username)
    await database.write((repositories) => addSportPreferences(repositories, user, document))
    // Exports written before equipment carry none: their workouts get each sport's defaults as uploads do.
    const withEquipment = document.equipment !== undefined
    const items = await database.write((repositories) => restoreEquipment(repositories, user.id, document.equipment ?? []))
    /** Links a workout (new or already there) to its exported items: a second import links, never copies. */
    const equip = (workoutId: string, workout: ExportedWorkout) => {
      const ids = (workout.equipment ?? []).flatMap((label) => items.get(label) ?? [])
      return ids.length === 0 ? Promise.resolve() : database.write((repositories) => linkExportGear(repositories, { id: workoutId, userId: user.id }, ids))
    }
    if (password !== null && document.user.picture && zip.names.includes(document.user.picture)) {
      const name = `${user.id}-${randomToken().slice(0, 16)}${extname(document.user.picture)}`
      await zip.extract(document.user.picture, join(context.layout.pictures, name))
      await database.write(({ users }) => users.update(user.id, { picture: name }))
    }

    const summary: ImportSummary = { username: user.username, created: password !== null, password, imported: 0, duplicates: 0, failed: [] }
    const manualSports = new Set<number>()
    // A multisport file's legs were exported as workouts sharing one file: it is imported once,
    // each leg taking its own sport from the file and its own title, notes and weather back.
    const byFile = new Map<string, ExportedWorkout[]>()
    for (const workout of document.workouts) if (workout.file) byFile.set(workout.file.sha256, [...(byFile.get(workout.file.sha256) ?? []), workout])
    await mkdir(staging, { recursive: true })
    for (const workout of document.workouts) {
      const label = workout.title ?? workout.id
      if (!workout.file) {
        const { id, added } = await database.write((repositories) => importManual(repositories, user, workout))
        if (added) manualSports.add(workout.sportId)
        summary[added ? 'imported' : 'duplicates'] += 1
        await equip(id, workout)
        continue
      }
      const legs = byFile.get(workout.file.sha256) ?? [workout]
      if (legs[0] !== workout) continue
      const single = legs.length === 1
      const uploaded = entryPath(staging, workout.file.entry)
      await zip.extract(workout.file.entry, uploaded)
      try {
        const outcome = await importWorkoutFile(context, user, uploaded, uploaded, {
          sportId: workout.sportId,
          ...(single ? { title: workout.title ?? undefined, notes: workout.notes ?? undefined } : { detectSport: true }),
          ...(withEquipment ? { equipmentIds: [] } : {}),
        })
        if (outcome.status === 'duplicate') {
          summary.duplicates += legs.length
          await equip(outcome.workoutId, workout)
          continue
        }
        const made = [...outcome.workouts].sort((a, b) => a.workoutDate.getTime() - b.workoutDate.getTime())
        const exported = [...legs].sort((a, b) => Date.parse(a.workoutDate) - Date.parse(b.workoutDate))
        for (const [index, leg] of exported.entries()) {
          // Legs pair by their order in time: the file gives back as many as it gave.
          const restored = made.length === exported.length ? made[index] : made.find((one) => one.workoutDate.getTime() === Date.parse(leg.workoutDate))
          if (!restored) {
            summary.failed.push(`${leg.title ?? leg.id}: not found in its file again`)
            continue
          }
          await database.write(({ workouts }) =>
            workouts.update(restored.id, {
              ...(single ? {} : { title: leg.title ?? restored.title, notes: leg.notes }),
              weatherStart: leg.weatherStart ? JSON.stringify(leg.weatherStart) : null,
              weatherEnd: leg.weatherEnd ? JSON.stringify(leg.weatherEnd) : null,
              createdAt: new Date(leg.createdAt),
              modifiedAt: leg.modifiedAt ? new Date(leg.modifiedAt) : null,
            }),
          )
          // The exported map may have been drawn over tiles; the pipeline's new one never is here.
          if (restored.mapId && leg.map) await zip.extract(leg.map, context.maps.path(restored.mapId))
          await equip(restored.id, leg)
          summary.imported += 1
        }
      } catch (error) {
        if (!isAppError(error)) throw error
        summary.failed.push(`${label}: ${error.message}`)
      }
    }
    if (manualSports.size > 0) {
      await database.write(async (repositories) => {
        for (const sportId of manualSports) await recomputeRecords(repositories, user.id, sportId)
      })
    }
    return summary
  } finally {
    zip.close()
    await rm(staging, { recursive: true, force: true })
  }
}
