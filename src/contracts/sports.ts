import { z } from 'zod'
import { SPEED_DISPLAYS } from '../domain/pace'
import { endpoint } from './endpoint'

/** A sport as seen by the caller: global settings merged with the caller's preferences. */
const sportSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The caller's colour, or null for the sport's default colour. */
  color: z.string().nullable(),
  is_active: z.boolean(),
  is_active_for_user: z.boolean(),
  /** km/h; the caller's preference, else the sport's default. */
  stopped_speed_threshold: z.number(),
  /** The caller's choice of speed or pace for this sport (speed unless chosen). */
  speed_display: z.enum(SPEED_DISPLAYS),
  /** Present for administrators only. */
  has_workouts: z.boolean().optional(),
})
export type Sport = z.infer<typeof sportSchema>

const sportsResponseSchema = z.object({ status: z.literal('success'), data: z.object({ sports: z.array(sportSchema) }) })
export type SportsResponse = z.infer<typeof sportsResponseSchema>

export const sportIdParam = z.coerce.number().int().positive()

const updateSportBody = z.object({ is_active: z.boolean() }).strict()

export const sportEndpoints = {
  listSports: endpoint()({ method: 'GET', path: '/sports', access: 'user', response: sportsResponseSchema }),
  updateSport: endpoint()({ method: 'PATCH', path: '/sports/:id', access: 'admin', body: updateSportBody, response: sportsResponseSchema }),
}
