import { z } from 'zod'

export { languages, type Language } from './languages'

/** A successful answer without data. */
export const successMessageSchema = z.object({ status: z.literal('success'), message: z.string().optional() })
export type SuccessMessage = z.infer<typeof successMessageSchema>

/** The pagination object of list answers. */
export const paginationSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  has_prev: z.boolean(),
  has_next: z.boolean(),
})
export type Pagination = z.infer<typeof paginationSchema>

/** Dates travel as RFC 1123 strings in GMT, e.g. `Tue, 13 Mar 2018 12:44:45 GMT`. */
export const httpDateSchema = z.string().regex(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/)

/** Trims a string and turns an empty one into `null` (optional text fields). */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))

/**
 * A list's page size: a larger one than `max` is served as `max` (the reference tracker caps it
 * rather than refusing it, and its client may ask for more).
 */
export const pageSize = (fallback: number, max: number) =>
  z.coerce
    .number()
    .int()
    .positive()
    .default(fallback)
    .transform((value) => Math.min(value, max))
