import { InitialSchema1763596800000 } from './1763596800000-initial-schema'

/** Every migration in order, listed explicitly because the server is bundled. */
export const migrations = [InitialSchema1763596800000]
