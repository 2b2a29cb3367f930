/** A date in the text form TypeORM stores `datetime` columns in on SQLite (UTC). */
export function toSqlDate(date: Date | number): string {
  return new Date(date).toISOString().replace('T', ' ').replace('Z', '')
}

/** The date a `datetime` column read by raw SQL holds (its text is UTC without a zone). */
export function fromSqlDate(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`)
}
