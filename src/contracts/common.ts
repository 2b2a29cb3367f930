import { z } from 'zod'

/** Supported interface and e-mail languages. */
export const languages = ['en', 'fr', 'de'] as const
export type Language = (typeof languages)[number]

/** A successful answer without data. */
export interface SuccessMessage {
  status: 'success'
  message?: string
}

/** The pagination object of list answers. */
export interface Pagination {
  page: number
  pages: number
  total: number
  has_prev: boolean
  has_next: boolean
}

/** Dates travel as RFC 1123 strings in GMT, e.g. `Tue, 13 Mar 2018 12:44:45 GMT`. */
export type HttpDate = string

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
