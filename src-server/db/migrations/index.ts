import { InitialSchema1763596800000 } from './1763596800000-initial-schema'
import { WorkoutTracks1763683200000 } from './1763683200000-workout-tracks'
import { CompressedTracks1763769600000 } from './1763769600000-compressed-tracks'

/** Every migration in order, listed explicitly because the server is bundled. */
export const migrations = [InitialSchema1763596800000, WorkoutTracks1763683200000, CompressedTracks1763769600000]
