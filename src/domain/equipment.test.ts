import { describe, expect, it } from 'vitest'
import { MISC, pastLimit, typeFitsSport } from './equipment'

describe('which type of equipment goes with which sport (the reference tracker 1.2)', () => {
  it('Misc goes with any sport, even one no type names', () => {
    for (const sport of ['Running', 'Swimming', 'Rowing', 'A sport of tomorrow']) expect(typeFitsSport(MISC, sport)).toBe(true)
  })

  it('shoes go with foot sports and rides, not with water or snow sports', () => {
    for (const sport of ['Running', 'Trail', 'Walking', 'Hiking', 'Mountaineering', 'Cycling (Sport)', 'Mountain Biking']) expect(typeFitsSport('Shoes', sport)).toBe(true)
    for (const sport of ['Swimming', 'Kayaking', 'Skiing (Alpine)', 'Snowshoes', 'Cycling (Virtual)']) expect(typeFitsSport('Shoes', sport)).toBe(false)
  })

  it('a bike goes with rides outdoors, a trainer with rides indoors, neither with a run', () => {
    expect(typeFitsSport('Bike', 'Cycling (Transport)')).toBe(true)
    expect(typeFitsSport('Bike', 'Mountain Biking (Electric)')).toBe(true)
    expect(typeFitsSport('Bike', 'Cycling (Indoor)')).toBe(false)
    expect(typeFitsSport('Bike Trainer', 'Cycling (Indoor)')).toBe(true)
    expect(typeFitsSport('Bike Trainer', 'Cycling (Virtual)')).toBe(true)
    expect(typeFitsSport('Bike Trainer', 'Cycling (Sport)')).toBe(false)
    expect(typeFitsSport('Bike', 'Running')).toBe(false)
  })

  it('paddles go with paddleboards and boats, boards not with boats', () => {
    expect(typeFitsSport('Paddle', 'Standup Paddleboarding')).toBe(true)
    expect(typeFitsSport('Paddle', 'Kayaking (Whitewater)')).toBe(true)
    expect(typeFitsSport('Kayak_Boat', 'Standup Paddleboarding')).toBe(false)
    expect(typeFitsSport('Board', 'Windsurfing')).toBe(true)
    expect(typeFitsSport('Board', 'Rowing')).toBe(false)
  })

  it('a type the table does not know goes with nothing (types match by exact label)', () => {
    expect(typeFitsSport('Skates', 'Running')).toBe(false)
    expect(typeFitsSport('shoes', 'Running')).toBe(false)
  })
})

describe('wear limits', () => {
  const wear = { distance: 0, hours: 0, limitDistance: null, limitHours: null }

  it('an item is due from the moment it reaches a limit, not before', () => {
    expect(pastLimit({ ...wear, distance: 699.9, limitDistance: 700 })).toBe(false)
    expect(pastLimit({ ...wear, distance: 700, limitDistance: 700 })).toBe(true)
    expect(pastLimit({ ...wear, hours: 49.9, limitHours: 50 })).toBe(false)
    expect(pastLimit({ ...wear, hours: 50, limitHours: 50 })).toBe(true)
  })

  it('either limit is enough, and an item without limits is never due', () => {
    expect(pastLimit({ distance: 800, hours: 1, limitDistance: 700, limitHours: 50 })).toBe(true)
    expect(pastLimit({ distance: 1, hours: 80, limitDistance: 700, limitHours: 50 })).toBe(true)
    expect(pastLimit({ ...wear, distance: 1e6, hours: 1e6 })).toBe(false)
    // A limit of 0 is a limit: the item is due at once.
    expect(pastLimit({ ...wear, limitDistance: 0 })).toBe(true)
  })
})
