import { z } from 'zod'
import { VISIBILITY_LEVELS } from '../domain/visibility'

/** A visibility level on the wire: `private`, `followers_only` or `public` (the reference's values). */
export const visibilitySchema = z.enum(VISIBILITY_LEVELS)
