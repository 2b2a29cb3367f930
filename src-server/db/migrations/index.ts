import { InitialSchema1763596800000 } from './1763596800000-initial-schema'
import { WorkoutTracks1763683200000 } from './1763683200000-workout-tracks'

/** Every migration in order, listed explicitly because the server is bundled. */
export const migrations = [InitialSchema1763596800000, WorkoutTracks1763683200000]
