import { z } from 'zod'
import { VISIBILITY_LEVELS } from '../domain/visibility'

/** A visibility level on the wire: `private`, `followers_only` or `public` (the reference's values). */
export const visibilitySchema = z.enum(VISIBILITY_LEVELS)

/**
 * How one user relates to another through follow requests, on the wire as the reference has it:
 * strings, `pending` while a request waits for its answer.
 */
export const followRelationSchema = z.enum(['true', 'false', 'pending'])
export type FollowRelation = z.infer<typeof followRelationSchema>
