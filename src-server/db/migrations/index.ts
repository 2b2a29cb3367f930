import { InitialSchema1763596800000 } from './1763596800000-initial-schema'
import { WorkoutTracks1763683200000 } from './1763683200000-workout-tracks'
import { CompressedTracks1763769600000 } from './1763769600000-compressed-tracks'
import { SportsForRealFiles1795507595185 } from './1795507595185-sports-for-real-files'
import { WorkoutInsights1795508165948 } from './1795508165948-workout-insights'
import { ImportTasks1795509119269 } from './1795509119269-import-tasks'
import { HeatmapLines1795518840038 } from './1795518840038-heatmap-lines'
import { AccessTokens1795519731125 } from './1795519731125-access-tokens'
import { WorkoutDashboardIndexes1795521266583 } from './1795521266583-workout-dashboard-indexes'
import { ImportResultCodes1795523045008 } from './1795523045008-import-result-codes'
import { WatchedFiles1795523054620 } from './1795523054620-watched-files'
import { SportSpeedDisplay1795528211867 } from './1795528211867-sport-speed-display'
import { WorkoutTotalsDuration1795539794811 } from './1795539794811-workout-totals-duration'
import { ImportResultWarnings1795540940143 } from './1795540940143-import-result-warnings'
import { SportSpeedDisplayDefault1795759949113 } from './1795759949113-sport-speed-display-default'
import { LoginSecurity1795760819730 } from './1795760819730-login-security'
import { ImportTaskAttempts1795766931137 } from './1795766931137-import-task-attempts'
import { PostgresBaseline1795766931138 } from './1795766931138-postgres-baseline'
import { WorkoutVisibility1795771599177 } from './1795771599177-workout-visibility'
import { Equipment1795774148657 } from './1795774148657-equipment'
import { WorkoutCalories1795777000000 } from './1795777000000-workout-calories'
import { ShareLinks1795777100000 } from './1795777100000-share-links'
import { Follows1795783947017 } from './1795783947017-follows'
import { EquipmentWear1795795381058 } from './1795795381058-equipment-wear'
import { NullableDistance1795795581599 } from './1795795581599-nullable-distance'
import { PrivacyZones1795797649383 } from './1795797649383-privacy-zones'
import { ImportTaskLease1795810934523 } from './1795810934523-import-task-lease'
import { SharedLimits1795823660575 } from './1795823660575-shared-limits'
import { DefaultTitles1795809284481 } from './1795809284481-default-titles'
import { CommentsLikes1795810026263 } from './1795810026263-comments-likes'
import { Notifications1795823691755 } from './1795823691755-notifications'
import { SharingModeration1795836870824 } from './1795836870824-sharing-moderation'
import { InstanceLeases1795850983214 } from './1795850983214-instance-leases'
import { MultisportTransitions1795852800000 } from './1795852800000-multisport-transitions'
import { EquipmentBackfillLinks1795862400000 } from './1795862400000-equipment-backfill-links'
import { WorkoutListFragments1795870000000 } from './1795870000000-workout-list-fragments'

/** Every SQLite migration in order, listed explicitly because the server is bundled. */
export const migrations = [
  InitialSchema1763596800000,
  WorkoutTracks1763683200000,
  CompressedTracks1763769600000,
  SportsForRealFiles1795507595185,
  WorkoutInsights1795508165948,
  ImportTasks1795509119269,
  HeatmapLines1795518840038,
  AccessTokens1795519731125,
  WorkoutDashboardIndexes1795521266583,
  ImportResultCodes1795523045008,
  WatchedFiles1795523054620,
  SportSpeedDisplay1795528211867,
  WorkoutTotalsDuration1795539794811,
  ImportResultWarnings1795540940143,
  SportSpeedDisplayDefault1795759949113,
  LoginSecurity1795760819730,
  ImportTaskAttempts1795766931137,
  WorkoutVisibility1795771599177,
  Equipment1795774148657,
  WorkoutCalories1795777000000,
  ShareLinks1795777100000,
  Follows1795783947017,
  EquipmentWear1795795381058,
  NullableDistance1795795581599,
  PrivacyZones1795797649383,
  DefaultTitles1795809284481,
  CommentsLikes1795810026263,
  ImportTaskLease1795810934523,
  SharedLimits1795823660575,
  Notifications1795823691755,
  SharingModeration1795836870824,
  InstanceLeases1795850983214,
  MultisportTransitions1795852800000,
  EquipmentBackfillLinks1795862400000,
  WorkoutListFragments1795870000000,
]

/**
 * PostgreSQL's migrations. No PostgreSQL install predates the engine, so its history starts at a
 * baseline that creates the schema the SQLite migrations above end with (their table rebuilds and
 * PRAGMAs mean nothing there); migrations written after it describe their change once and run on
 * both engines (they go in both lists, after the baseline here).
 */
export const postgresMigrations = [
  PostgresBaseline1795766931138,
  WorkoutVisibility1795771599177,
  Equipment1795774148657,
  WorkoutCalories1795777000000,
  ShareLinks1795777100000,
  Follows1795783947017,
  EquipmentWear1795795381058,
  NullableDistance1795795581599,
  PrivacyZones1795797649383,
  DefaultTitles1795809284481,
  CommentsLikes1795810026263,
  ImportTaskLease1795810934523,
  SharedLimits1795823660575,
  Notifications1795823691755,
  SharingModeration1795836870824,
  InstanceLeases1795850983214,
  MultisportTransitions1795852800000,
  EquipmentBackfillLinks1795862400000,
  WorkoutListFragments1795870000000,
]
