import { describe, expect, it } from 'vitest'
import { SPORT_ID } from '../domain/sports'
import { cadenceIn, cadenceUnitOf } from './cadence'

describe('cadence units', () => {
  it('counts steps on foot, strokes in the water and on a rowing boat, a pedal’s turns otherwise', () => {
    for (const sport of [SPORT_ID.running, SPORT_ID.trail, SPORT_ID.walking, SPORT_ID.hiking, SPORT_ID.snowshoes]) expect(cadenceUnitOf(sport)).toBe('spm')
    for (const sport of [SPORT_ID.swimmingPool, SPORT_ID.swimmingOpenWater, SPORT_ID.rowing]) expect(cadenceUnitOf(sport)).toBe('strokes')
    for (const sport of [SPORT_ID.cyclingSport, SPORT_ID.cyclingIndoor, SPORT_ID.mountainBiking, SPORT_ID.other]) expect(cadenceUnitOf(sport)).toBe('rpm')
  })

  it('doubles a file’s strides into steps, and keeps strokes and turns as the file counts them', () => {
    expect(cadenceIn(88, 'spm')).toBe(176)
    expect(cadenceIn(30, 'strokes')).toBe(30)
    expect(cadenceIn(90, 'rpm')).toBe(90)
  })
})
