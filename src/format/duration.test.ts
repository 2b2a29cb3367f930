import { describe, expect, it } from 'vitest'
import { formatTimedelta } from './duration'

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
