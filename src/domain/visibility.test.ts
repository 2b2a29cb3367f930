import { describe, expect, it } from 'vitest'
import { capVisibility, cappedLevels, mayView, VISIBILITY_LEVELS, workoutAccess, type Relation, type Visibility } from './visibility'

const relations: Relation[] = ['owner', 'follower', 'stranger', 'anonymous']

describe('visibility levels', () => {
  it('caps a level by its parent: private caps everything, followers_only caps public', () => {
    expect(capVisibility('private', 'public')).toBe('private')
    expect(capVisibility('private', 'followers_only')).toBe('private')
    expect(capVisibility('followers_only', 'public')).toBe('followers_only')
    expect(capVisibility('followers_only', 'private')).toBe('private')
    expect(capVisibility('public', 'followers_only')).toBe('followers_only')
    expect(capVisibility('public', 'public')).toBe('public')
  })

  it('caps the map by the analysis once the analysis is capped by the workout', () => {
    expect(cappedLevels({ workout: 'followers_only', analysis: 'public', map: 'public' })).toEqual({
      workout: 'followers_only',
      analysis: 'followers_only',
      map: 'followers_only',
    })
    expect(cappedLevels({ workout: 'public', analysis: 'private', map: 'public' })).toEqual({ workout: 'public', analysis: 'private', map: 'private' })
  })

  it('lets the owner see every level, followers all but private, others only public', () => {
    const seen = (relation: Relation) => VISIBILITY_LEVELS.filter((level) => mayView(level, relation))
    expect(seen('owner')).toEqual(['private', 'followers_only', 'public'])
    expect(seen('follower')).toEqual(['followers_only', 'public'])
    expect(seen('stranger')).toEqual(['public'])
    expect(seen('anonymous')).toEqual(['public'])
  })
})

describe('workout access', () => {
  it('never shows more of a part than its capped level allows, for every combination and relation', () => {
    for (const workout of VISIBILITY_LEVELS)
      for (const analysis of VISIBILITY_LEVELS)
        for (const map of VISIBILITY_LEVELS)
          for (const hr of VISIBILITY_LEVELS)
            for (const relation of relations) {
              const access = workoutAccess({ workout, analysis, map }, hr, relation)
              const open = (level: Visibility) => relation === 'owner' || level === 'public' || (relation === 'follower' && level === 'followers_only')
              const analysisLevel = capVisibility(workout, analysis)
              const mapLevel = capVisibility(analysisLevel, map)
              expect(access.workout).toBe(open(workout))
              expect(access.analysis).toBe(open(workout) && open(analysisLevel))
              expect(access.map).toBe(open(workout) && open(mapLevel))
              expect(access.heartRate).toBe(access.analysis && open(capVisibility(analysisLevel, hr)))
              expect(access.owner).toBe(relation === 'owner')
              // A hidden part is told as private, whatever it really is.
              if (!access.map) expect(access.levels.map).toBe('private')
              if (!access.analysis) expect(access.levels.analysis).toBe('private')
              if (!access.workout) expect(access.levels.workout).toBe('private')
              if (access.map) expect(access.levels.map).toBe(mapLevel)
            }
  })

  it('hides a public map from a stranger when the workout is for followers only', () => {
    const access = workoutAccess({ workout: 'followers_only', analysis: 'public', map: 'public' }, 'public', 'stranger')
    expect(access).toMatchObject({ workout: false, analysis: false, map: false, heartRate: false })
    const follower = workoutAccess({ workout: 'followers_only', analysis: 'public', map: 'public' }, 'public', 'follower')
    expect(follower).toMatchObject({ workout: true, analysis: true, map: true, levels: { workout: 'followers_only', analysis: 'followers_only', map: 'followers_only' } })
  })

  it('keeps heart rate hidden when the owner keeps it private, even on a public analysis', () => {
    const access = workoutAccess({ workout: 'public', analysis: 'public', map: 'private' }, 'private', 'anonymous')
    expect(access).toMatchObject({ workout: true, analysis: true, map: false, heartRate: false, levels: { map: 'private', analysis: 'public' } })
  })
})
