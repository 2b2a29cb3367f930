import { describe, expect, it } from 'vitest'
import { fromSqlDate, toSqlDate } from './sql-date'

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

/** What the platform's parser makes of a stored text (the reading before the fast path), as its instant (NaN: invalid). */
const parsed = (text: string) => new Date(`${text.replace(' ', 'T')}Z`).getTime()

describe('fromSqlDate', () => {
  it('reads every text as the platform’s date parser does: stored instants of any year, every day of every month, fields out of range and texts of other shapes', () => {
    const texts: string[] = []
    const next = random(7)
    // Instants from year 1000 to 9999, and around the epoch, as toSqlDate writes them.
    for (let i = 0; i < 20_000; i += 1) texts.push(toSqlDate(Math.floor(-30_610_224_000_000 + next() * (253_402_300_799_999 + 30_610_224_000_000))))
    for (let i = 0; i < 2_000; i += 1) texts.push(toSqlDate(Math.floor((next() - 0.5) * 4e11)))
    // Every day number 00–32 of every month 00–13, in a leap year, a common one and a century.
    for (const year of ['2024', '2023', '1900', '2000'])
      for (let month = 0; month <= 13; month += 1)
        for (let day = 0; day <= 32; day += 1) texts.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')} 12:34:56.789`)
    texts.push(
      '2024-03-13 00:00:00.000', '2024-03-13 23:59:59.999', '2024-03-13 24:00:00.000', '2024-03-13 23:60:00.000', '2024-03-13 23:59:60.000',
      '0999-12-31 23:59:59.999', '1000-01-01 00:00:00.000', '0050-06-15 12:00:00.000', '0000-01-01 00:00:00.000', '9999-12-28 23:59:59.999',
      // Other shapes: no milliseconds (SQLite's datetime()), a T, a zone, signs, letters, blanks.
      '2024-03-13 12:44:45', '2024-03-13T12:44:45.123', '2024-03-13 12:44:45.12', '2024-03-13 12:44:45.1234', '2024-3-13 12:44:45.123',
      '2024-03-1a 12:44:45.123', '+02024-03-13 12:44:45.123', '2024-03-13 12:44:45,123', '2024/03/13 12:44:45.123', '2024-03-13 12 44:45.123',
      ' 2024-03-13 12:44:45.12', '2024-03-13 -1:44:45.123', '2024-03-13 12:44:45.123Z', '2024-03-13 12:44:45.123 and more', '', 'not a date',
    )
    const wrong = texts.filter((text) => !Object.is(fromSqlDate(text).getTime(), parsed(text))).map((text) => `${text}: ${fromSqlDate(text).getTime()} ≠ ${parsed(text)}`)
    expect(wrong).toEqual([])
    expect(fromSqlDate('2018-03-13 12:44:45.123').toISOString()).toBe('2018-03-13T12:44:45.123Z')
  })
})
