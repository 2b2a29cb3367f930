import { AppConfigEntity } from './app-config.entity'
import { RecordEntity } from './record.entity'
import { SportEntity } from './sport.entity'
import { UserSportPreferenceEntity } from './user-sport-preference.entity'
import { UserEntity } from './user.entity'
import { WorkoutSegmentEntity } from './workout-segment.entity'
import { WorkoutTrackEntity } from './workout-track.entity'
import { WorkoutEntity } from './workout.entity'

export {
  AppConfigEntity,
  RecordEntity,
  SportEntity,
  UserEntity,
  UserSportPreferenceEntity,
  WorkoutEntity,
  WorkoutSegmentEntity,
  WorkoutTrackEntity,
}
export type { RecordType } from './record.entity'

/** Every entity, listed explicitly because the server is bundled (no glob loading). */
export const entities = [
  AppConfigEntity,
  UserEntity,
  SportEntity,
  UserSportPreferenceEntity,
  WorkoutEntity,
  WorkoutSegmentEntity,
  WorkoutTrackEntity,
  RecordEntity,
]
