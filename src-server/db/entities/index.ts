import { AccessTokenEntity } from './access-token.entity'
import { AppConfigEntity } from './app-config.entity'
import { ImportTaskEntity, ImportTaskResultEntity } from './import-task.entity'
import { RecordEntity } from './record.entity'
import { SportEntity } from './sport.entity'
import { UserSportPreferenceEntity } from './user-sport-preference.entity'
import { UserEntity } from './user.entity'
import { WorkoutSegmentEntity } from './workout-segment.entity'
import { WorkoutTrackEntity } from './workout-track.entity'
import { WorkoutEntity } from './workout.entity'
import { WorkoutBestEffortEntity, WorkoutInsightEntity } from './workout-insight.entity'
import { WatchedFileEntity } from './watched-file.entity'
import { LoginAddressEntity } from './login-address.entity'
import { EquipmentEntity, EquipmentTypeEntity } from './equipment.entity'
import { ShareLinkEntity } from './share-link.entity'
import { FollowRequestEntity } from './follow-request.entity'
import { PrivacyZoneEntity } from './privacy-zone.entity'
import { CommentLikeEntity, WorkoutCommentEntity, WorkoutLikeEntity } from './comment.entity'
import { NotificationEntity } from './notification.entity'

export {
  AccessTokenEntity,
  AppConfigEntity,
  ImportTaskEntity,
  ImportTaskResultEntity,
  RecordEntity,
  SportEntity,
  UserEntity,
  UserSportPreferenceEntity,
  WorkoutEntity,
  WorkoutSegmentEntity,
  WorkoutTrackEntity,
  WorkoutInsightEntity,
  WorkoutBestEffortEntity,
  WatchedFileEntity,
  LoginAddressEntity,
  EquipmentEntity,
  EquipmentTypeEntity,
  ShareLinkEntity,
  FollowRequestEntity,
  PrivacyZoneEntity,
  WorkoutCommentEntity,
  WorkoutLikeEntity,
  CommentLikeEntity,
  NotificationEntity,
}
export type { RecordType } from './record.entity'
export type { BestEffortKind } from './workout-insight.entity'

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
  WorkoutInsightEntity,
  WorkoutBestEffortEntity,
  ImportTaskEntity,
  ImportTaskResultEntity,
  AccessTokenEntity,
  WatchedFileEntity,
  LoginAddressEntity,
  EquipmentTypeEntity,
  EquipmentEntity,
  ShareLinkEntity,
  FollowRequestEntity,
  PrivacyZoneEntity,
  WorkoutCommentEntity,
  WorkoutLikeEntity,
  CommentLikeEntity,
  NotificationEntity,
]
