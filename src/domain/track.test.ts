import { describe, expect, it } from 'vitest'
import { allSegments, joinActivities, totalCalories, type Track, type TrackSegment } from './track'
import { TrackSegmentBuilder } from './track-builder'

function segment(time: number): TrackSegment {
  const builder = new TrackSegmentBuilder()
  builder.push({ time })
  return builder.build()
}

const [a, b, c] = [segment(1), segment(2), segment(3)]
const activity = (name: string | null, description: string | null, calories: number | null | undefined, segments: TrackSegment[]): Track => ({
  format: 'fit',
  name,
  description,
  sport: 'running',
  tracks: [{ name: null, description: null, segments }],
  ...(calories === undefined ? {} : { calories }),
})

describe('a track of several parts and a file of several activities', () => {
  it('lists every segment of every part, in order', () => {
    const track: Track = { ...activity(null, null, null, [a, b]), tracks: [{ name: null, description: null, segments: [a, b] }, { name: 'x', description: null, segments: [c] }] }
    expect(allSegments(track)).toEqual([a, b, c])
  })

  it('sums the calories stated, leaving out what is not a number, and has none when none is stated', () => {
    expect(totalCalories([300, null, 120.5, Number.NaN, Number.POSITIVE_INFINITY])).toBe(420.5)
    expect(totalCalories([null, Number.NaN])).toBeNull()
    expect(totalCalories([])).toBeNull()
    expect(totalCalories([0])).toBe(0)
  })

  it("joins a file's activities: one as it is; several as one, their parts in order, the first name and description stated, the calories summed", () => {
    const one = activity('Run', null, 100, [a])
    expect(joinActivities({ format: 'fit', activities: [one], warnings: [] })).toBe(one)
    const joined = joinActivities({
      format: 'fit',
      activities: [activity(null, null, undefined, [a]), activity('Swim', null, 200, [b]), activity('Bike', 'Hills', 300, [c])],
      warnings: [],
    })
    expect(joined.tracks.flatMap((part) => part.segments)).toEqual([a, b, c])
    expect([joined.name, joined.description, joined.calories, joined.sport, joined.format]).toEqual(['Swim', 'Hills', 500, 'running', 'fit'])
    const unstated = joinActivities({ format: 'fit', activities: [activity(null, null, undefined, [a]), activity(null, null, undefined, [b])], warnings: [] })
    expect([unstated.name, unstated.description, unstated.calories]).toEqual([null, null, null])
    expect(() => joinActivities({ format: 'fit', activities: [], warnings: [] })).toThrow('a parsed file has at least one activity')
  })
})
