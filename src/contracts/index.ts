import { authEndpoints } from './auth'
import { commentEndpoints } from './comments'
import { configEndpoints } from './config'
import { equipmentEndpoints } from './equipment'
import { insightEndpoints } from './insights'
import { notificationEndpoints } from './notifications'
import { recordEndpoints } from './records'
import { sharingEndpoints } from './sharing'
import { sportEndpoints } from './sports'
import { statsEndpoints } from './stats'
import { tokenEndpoints } from './tokens'
import { userEndpoints } from './users'
import { workoutEndpoints } from './workouts'

export * from './auth'
export * from './comments'
export * from './common'
export * from './config'
export * from './endpoint'
export * from './equipment'
export * from './insights'
export * from './notifications'
export * from './records'
export * from './sharing'
export * from './visibility'
export * from './sports'
export * from './stats'
export * from './tokens'
export * from './users'
export * from './workouts'

/** Every API call, by name: the server binds them, the UI calls them, tests enumerate them. */
export const endpoints = {
  ...configEndpoints,
  ...statsEndpoints,
  ...sportEndpoints,
  ...userEndpoints,
  ...authEndpoints,
  ...tokenEndpoints,
  ...workoutEndpoints,
  ...recordEndpoints,
  ...insightEndpoints,
  ...equipmentEndpoints,
  ...sharingEndpoints,
  ...commentEndpoints,
  ...notificationEndpoints,
}
