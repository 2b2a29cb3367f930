import { describe, expect, it } from 'vitest'
import { formatTimeLeft, formatTimedelta } from './duration'

describe('formatTimedelta', () => {
  it.each([
    [0, '0:00:00'],
    [250, '0:04:10'],
    [3600, '1:00:00'],
    [86_399.9, '23:59:59'],
    [86_400, '1 day, 0:00:00'],
    [93_784, '1 day, 2:03:04'],
    [2 * 86_400 + 61, '2 days, 0:01:01'],
    [-5, '0:00:00'],
  ])('%s s is %s', (seconds, text) => {
    expect(formatTimedelta(seconds)).toBe(text)
  })
})

describe('formatTimeLeft', () => {
  it.each([
    [0, 'en', '0 seconds'],
    [44.6, 'en', '45 seconds'],
    [61, 'en', '1 minute'],
    [725, 'fr', '12 minutes'],
    [89 * 60, 'de', '89 Minuten'],
    [5400, 'en', '1.5 hours'],
    [5400, 'de', '1,5 Stunden'],
    [-3, 'en', '0 seconds'],
  ])('%s s in %s is %s', (seconds, locale, text) => {
    expect(formatTimeLeft(seconds, locale)).toBe(text)
  })
})
