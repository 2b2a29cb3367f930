import { describe, expect, it } from 'vitest'
import { createExpiringCache } from './read-cache'

/** A cache on a clock the test moves, 1,000 ms of life and room for three values. */
function cacheAt(start: number) {
  let now = start
  const cache = createExpiringCache<string>({ ttlMs: 1000, maxEntries: 3, now: () => now })
  return { cache, moveTo: (ms: number) => (now = ms) }
}

describe('the expiring cache', () => {
  it('keeps a value for its time to live and not a millisecond longer', () => {
    const { cache, moveTo } = cacheAt(5000)
    cache.set('a', 'A', cache.generation())
    moveTo(5999)
    expect(cache.get('a')).toBe('A')
    moveTo(6000)
    expect(cache.get('a')).toBeUndefined()
    // Gone for good, even if the clock went back.
    moveTo(5000)
    expect(cache.get('a')).toBeUndefined()
  })

  it('holds at most its number of values, the oldest stored going first', () => {
    const { cache } = cacheAt(0)
    for (const key of ['a', 'b', 'c']) cache.set(key, key.toUpperCase(), cache.generation())
    expect(['a', 'b', 'c'].map((key) => cache.get(key))).toEqual(['A', 'B', 'C'])
    cache.set('d', 'D', cache.generation())
    expect(['a', 'b', 'c', 'd'].map((key) => cache.get(key))).toEqual([undefined, 'B', 'C', 'D'])
  })

  it('never stores a value computed before an invalidation, and stores one computed after it', () => {
    const { cache } = cacheAt(0)
    const before = cache.generation()
    cache.invalidate()
    cache.set('stale', 'computed before the write', before)
    expect(cache.get('stale')).toBeUndefined()
    const after = cache.generation()
    expect(after).not.toBe(before)
    cache.set('fresh', 'computed after the write', after)
    expect(cache.get('fresh')).toBe('computed after the write')
  })

  it('forgets every value at an invalidation', () => {
    const { cache } = cacheAt(0)
    cache.set('a', 'A', cache.generation())
    cache.invalidate()
    expect(cache.get('a')).toBeUndefined()
  })
})
