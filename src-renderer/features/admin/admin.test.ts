import { describe, expect, it } from 'vitest'
import { bytesToMb, humanSize, mbToBytes } from '../../format/sizes'
import { DEFAULT_USERS_QUERY, parseUsersQuery, usersQueryParams } from './usersQuery'

describe('upload sizes', () => {
  it('converts MB and bytes with 1 MB = 1,048,576 bytes, shown with 2 decimals', () => {
    expect(mbToBytes(1)).toBe(1_048_576)
    expect(mbToBytes(0.1)).toBe(104_858)
    expect(mbToBytes(2.5)).toBe(2_621_440)
    expect(bytesToMb(1_048_576)).toBe(1)
    expect(bytesToMb(1_500_000)).toBe(1.43)
    expect(bytesToMb(mbToBytes(0.3))).toBe(0.3)
  })

  it('names a byte count in the largest fitting 1024-based unit', () => {
    expect(humanSize(0)).toEqual({ value: 0, unit: 'B', decimals: 0 })
    expect(humanSize(1023)).toEqual({ value: 1023, unit: 'B', decimals: 0 })
    expect(humanSize(1536)).toEqual({ value: 1.5, unit: 'KB', decimals: 1 })
    expect(humanSize(5 * 1_048_576)).toMatchObject({ value: 5, unit: 'MB' })
    expect(humanSize(3 * 1024 ** 3)).toMatchObject({ value: 3, unit: 'GB' })
  })
})

describe('users list query', () => {
  it('falls back to the defaults for missing or invalid values', () => {
    expect(parseUsersQuery(new URLSearchParams())).toEqual(DEFAULT_USERS_QUERY)
    expect(parseUsersQuery(new URLSearchParams('page=0&per_page=500&order=up&order_by=password&q=%20%20'))).toEqual(DEFAULT_USERS_QUERY)
    expect(parseUsersQuery(new URLSearchParams('page=A&per_page=-10'))).toEqual(DEFAULT_USERS_QUERY)
  })

  it('keeps valid values, trims the filter and round-trips', () => {
    const query = parseUsersQuery(new URLSearchParams('page=3&per_page=50&order=desc&order_by=workouts_count&q=%20sam%20'))
    expect(query).toEqual({ page: 3, per_page: 50, order: 'desc', order_by: 'workouts_count', q: 'sam' })
    expect(parseUsersQuery(usersQueryParams(query))).toEqual(query)
    expect(usersQueryParams(DEFAULT_USERS_QUERY).has('q')).toBe(false)
    // A page size typed in the address is kept, up to what the API serves.
    expect(parseUsersQuery(new URLSearchParams('per_page=3')).per_page).toBe(3)
  })
})
