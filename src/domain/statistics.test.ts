import { describe, expect, it } from 'vitest'
import { periodKey } from './statistics'

describe('periodKey', () => {
  it.each([
    [{ year: 2018, month: 3, day: 28 }, 'week', '2018-03-25'],
    [{ year: 2018, month: 3, day: 28 }, 'weekm', '2018-03-26'],
    [{ year: 2018, month: 4, day: 1 }, 'week', '2018-04-01'],
    [{ year: 2018, month: 4, day: 1 }, 'weekm', '2018-03-26'],
    [{ year: 2021, month: 1, day: 2 }, 'weekm', '2020-12-28'],
    [{ year: 2018, month: 4, day: 1 }, 'month', '2018-04'],
    [{ year: 2018, month: 4, day: 1 }, 'year', '2018'],
  ] as const)('%j by %s is %s', (local, frame, key) => {
    expect(periodKey(local, frame)).toBe(key)
  })
})
