import { z } from 'zod'
import { endpoint } from './endpoint'

/** A sport as seen by the caller: global settings merged with the caller's preferences. */
export interface Sport {
  id: number
  label: string
  /** The caller's colour, or null for the sport's default colour. */
  color: string | null
  is_active: boolean
  is_active_for_user: boolean
  /** km/h; the caller's preference, else the sport's default. */
  stopped_speed_threshold: number
  /** Present for administrators only. */
  has_workouts?: boolean
}

export interface SportsResponse {
  status: 'success'
  data: { sports: Sport[] }
}

export const sportIdParam = z.coerce.number().int().positive()

export const updateSportBody = z.object({ is_active: z.boolean() }).strict()

export const sportEndpoints = {
  listSports: endpoint<SportsResponse>()({ method: 'GET', path: '/sports', access: 'user' }),
  updateSport: endpoint<SportsResponse>()({ method: 'PATCH', path: '/sports/:id', access: 'admin', body: updateSportBody }),
}
