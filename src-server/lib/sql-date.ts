/** A date in the text form TypeORM stores `datetime` columns in on SQLite (UTC). */
export function toSqlDate(date: Date | number): string {
  return new Date(date).toISOString().replace('T', ' ').replace('Z', '')
}
