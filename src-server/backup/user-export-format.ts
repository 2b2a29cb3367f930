import { z } from 'zod'
import { weatherSchema, ZONE_LIMITS, zoneSetting } from '../../src/contracts'
import { SPEED_DISPLAYS } from '../../src/domain/pace'
import { exportedItemSchema } from '../modules/equipment/exported-equipment'

/** The JSON document inside a user export archive. */
export const USER_EXPORT_ENTRY = 'waymark-user-export.json'

const figures = {
  duration: z.number().int().min(0),
  moving: z.number().int().min(0),
  pauses: z.number().int().min(0),
  /** km; null when the file measured none */
  distance: z.number().min(0).nullable(),
  aveSpeed: z.number().nullable(),
  maxSpeed: z.number().nullable(),
  minAlt: z.number().nullable(),
  maxAlt: z.number().nullable(),
  ascent: z.number().nullable(),
  descent: z.number().nullable(),
}
const instant = z.iso.datetime()
const text = (max: number) => z.string().max(max).nullable()

/**
 * Version 1 of a user export (documented in the README). Workouts with a file are imported again
 * from their original, so their figures and segments here are informative; workouts typed in by
 * hand are imported from these figures. Entry names point at files of the same archive.
 */
export const userExportSchema = z.object({
  format: z.literal('waymark-user-export'),
  version: z.literal(1),
  exportedAt: instant,
  user: z.object({
    username: z.string().min(1).max(255),
    email: z.string().min(1).max(255),
    createdAt: instant,
    firstName: text(80),
    lastName: text(80),
    birthDate: z.iso.date().nullable(),
    location: text(80),
    bio: text(2000),
    picture: z.string().regex(/^picture\/picture\.(png|jpg|jpeg|gif)$/).nullable(),
    preferences: z.object({
      language: z.string().min(2).max(10),
      timezone: z.string().min(1).max(64),
      weekm: z.boolean(),
      imperialUnits: z.boolean(),
      displayAscent: z.boolean(),
      // Optional: exports written before zones existed lack them (read as "not set").
      maxHeartRate: zoneSetting(ZONE_LIMITS.maxHeartRate),
      restingHeartRate: zoneSetting(ZONE_LIMITS.restingHeartRate),
      ftp: zoneSetting(ZONE_LIMITS.ftp),
    }),
  }),
  sportPreferences: z.array(
    z.object({
      sportId: z.number().int().positive(),
      sport: z.string(),
      color: z.string().max(16).nullable(),
      isActive: z.boolean(),
      stoppedSpeedThreshold: z.number().min(0).max(1000),
      // Null or absent: never chosen (or exported before the choice existed), the sport's default.
      speedDisplay: z.enum(SPEED_DISPLAYS).nullable().optional(),
    }),
  ),
  workouts: z.array(
    z.object({
      id: z.string().min(1).max(64),
      sportId: z.number().int().positive(),
      sport: z.string(),
      title: text(255),
      notes: text(5000),
      workoutDate: instant,
      createdAt: instant,
      modifiedAt: instant.nullable(),
      ...figures,
      bounds: z.array(z.number()).nullable(),
      weatherStart: weatherSchema.nullable(),
      weatherEnd: weatherSchema.nullable(),
      hasHeartRate: z.boolean(),
      hasCadence: z.boolean(),
      hasPower: z.boolean(),
      // Optional: exports written before calories were kept lack them (read as "not stated").
      calories: z.number().int().min(0).nullable().optional(),
      file: z
        .object({ entry: z.string().regex(/^files\/[\w-]+\.(gpx|fit|tcx)$/), format: z.enum(['gpx', 'fit', 'tcx']), sha256: z.string().regex(/^[0-9a-f]{64}$/) })
        .nullable(),
      map: z.string().regex(/^maps\/[\w-]+\.png$/).nullable(),
      segments: z.array(z.object({ index: z.number().int().min(0), ...figures })),
      // Optional: exports written before equipment lack it. The labels of its items in `equipment`.
      equipment: z.array(z.string()).optional(),
    }),
  ),
  /** The user's equipment (optional: exports written before equipment lack it). */
  equipment: z.array(exportedItemSchema).optional(),
  records: z.array(
    z.object({
      sportId: z.number().int().positive(),
      recordType: z.enum(['AS', 'FD', 'HA', 'LD', 'MS']),
      value: z.number(),
      workoutDate: instant,
      workoutId: z.string(),
    }),
  ),
})

export type UserExport = z.infer<typeof userExportSchema>
export type ExportedWorkout = UserExport['workouts'][number]
