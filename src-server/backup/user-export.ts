import { stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { Weather } from '../../src/contracts'
import type { DataDirLayout } from '../data-dir'
import type { Database } from '../db/repositories'
import type { WorkoutSegmentEntity } from '../db/entities'
import { exportEquipment } from '../modules/equipment/exported-equipment'
import { USER_EXPORT_ENTRY, type ExportedWorkout, type UserExport } from './user-export-format'
import { createZipWriter } from './zip-writer'

/** The user to export does not exist. */
export class UnknownUser extends Error {
  override name = 'UnknownUser'
}

const figuresOf = (row: Omit<WorkoutSegmentEntity, 'workoutId' | 'segmentIndex' | 'workout'>) => ({
  duration: row.duration,
  moving: row.moving,
  pauses: row.pauses,
  distance: row.distance,
  aveSpeed: row.aveSpeed,
  maxSpeed: row.maxSpeed,
  minAlt: row.minAlt,
  maxAlt: row.maxAlt,
  ascent: row.ascent,
  descent: row.descent,
})

const parsed = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T))

/** A stored file to put in the archive: where it is and its entry name. */
interface ArchiveFile {
  path: string
  entry: string
}

/** Reads everything of one user in one read transaction, so the document is a consistent snapshot. */
async function readUser(database: Pick<Database, 'snapshot'>, layout: DataDirLayout, username: string, now: Date): Promise<{ document: UserExport; files: ArchiveFile[] }> {
  return database.snapshot(async (repositories) => {
    const user = await repositories.users.byUsername(username)
    if (!user) throw new UnknownUser(`user "${username}" does not exist`)
    const sports = new Map((await repositories.sports.all()).map((sport) => [sport.id, sport.label]))
    const preferences = await repositories.users.sportPreferences(user.id)
    const workouts = await repositories.workouts.allOfUser(user.id)
    const allSegments = await repositories.workouts.segmentsOfUser(user.id)
    const records = await repositories.records.ofUser(user.id)
    const equipment = await exportEquipment(repositories, user.id, workouts.map((workout) => workout.id))

    const files: ArchiveFile[] = []
    const picture = user.picture ? `picture/picture${extname(user.picture).toLowerCase()}` : null
    if (user.picture && picture) files.push({ path: join(layout.pictures, user.picture), entry: picture })
    const exported = workouts.map((workout): ExportedWorkout => {
      const file = workout.filePath && workout.fileFormat && workout.fileHash ? { entry: `files/${workout.id}.${workout.fileFormat}`, format: workout.fileFormat, sha256: workout.fileHash } : null
      if (file && workout.filePath) files.push({ path: join(layout.uploads, workout.filePath), entry: file.entry })
      const map = workout.mapId ? `maps/${workout.id}.png` : null
      if (map && workout.mapId) files.push({ path: join(layout.maps, `${workout.mapId}.png`), entry: map })
      return {
        id: workout.id,
        sportId: workout.sportId,
        sport: sports.get(workout.sportId) ?? '',
        title: workout.title,
        notes: workout.notes,
        workoutDate: workout.workoutDate.toISOString(),
        createdAt: workout.createdAt.toISOString(),
        modifiedAt: workout.modifiedAt?.toISOString() ?? null,
        ...figuresOf(workout),
        bounds: parsed<number[]>(workout.bounds),
        weatherStart: parsed<Weather>(workout.weatherStart),
        weatherEnd: parsed<Weather>(workout.weatherEnd),
        hasHeartRate: workout.hasHeartRate,
        hasCadence: workout.hasCadence,
        hasPower: workout.hasPower,
        calories: workout.calories,
        file,
        map,
        segments: allSegments.filter((segment) => segment.workoutId === workout.id).map((segment) => ({ index: segment.segmentIndex, ...figuresOf(segment) })),
        equipment: equipment.byWorkout.get(workout.id) ?? [],
      }
    })
    const document: UserExport = {
      format: 'waymark-user-export',
      version: 1,
      exportedAt: now.toISOString(),
      user: {
        username: user.username,
        email: user.email,
        createdAt: user.createdAt.toISOString(),
        firstName: user.firstName,
        lastName: user.lastName,
        birthDate: user.birthDate,
        location: user.location,
        bio: user.bio,
        picture,
        preferences: {
          language: user.language,
          timezone: user.timezone,
          weekm: user.weekm,
          imperialUnits: user.imperialUnits,
          displayAscent: user.displayAscent,
          maxHeartRate: user.maxHeartRate,
          restingHeartRate: user.restingHeartRate,
          ftp: user.ftp,
        },
      },
      sportPreferences: preferences.map((preference) => ({
        sportId: preference.sportId,
        sport: sports.get(preference.sportId) ?? '',
        color: preference.color,
        isActive: preference.isActive,
        stoppedSpeedThreshold: preference.stoppedSpeedThreshold,
        speedDisplay: preference.speedDisplay,
      })),
      workouts: exported,
      equipment: equipment.items,
      records: records.map((record) => ({
        sportId: record.sportId,
        recordType: record.recordType,
        value: record.value,
        workoutDate: record.workoutDate.toISOString(),
        workoutId: record.workoutId,
      })),
    }
    return { document, files }
  })
}

export interface ExportSummary {
  workouts: number
  files: number
}

/**
 * Writes one user's data to a zip: `waymark-user-export.json` (format version 1) and the original
 * files, map images and profile picture it names. Runs beside a live server. A workout deleted
 * between the read and the copy of its file is left out of the archive.
 */
export async function exportUser(database: Pick<Database, 'snapshot'>, layout: DataDirLayout, username: string, target: string, now: Date): Promise<ExportSummary> {
  const { document, files } = await readUser(database, layout, username, now)
  const present: ArchiveFile[] = []
  for (const file of files) if ((await stat(file.path).catch(() => null))?.isFile()) present.push(file)
  const gone = new Set(files.filter((file) => !present.includes(file)).map((file) => file.entry))
  document.workouts = document.workouts.filter((workout) => !(workout.file && gone.has(workout.file.entry)))
  for (const workout of document.workouts) if (workout.map && gone.has(workout.map)) workout.map = null
  if (document.user.picture && gone.has(document.user.picture)) document.user.picture = null

  const zip = createZipWriter(target)
  let finishing = false
  try {
    zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2) + '\n'), USER_EXPORT_ENTRY)
    for (const file of present) zip.addFile(file.path, file.entry)
    finishing = true
    await zip.finish()
  } catch (error) {
    if (!finishing) await zip.abort()
    throw error
  }
  return { workouts: document.workouts.length, files: present.length }
}
