/**
 * The LIKE pattern of "contains `text`" with `\` as the escape character (pair it with
 * `ESCAPE '\'`), so `%` and `_` typed by a user match themselves.
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
