import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { uiResources } from '../../../src/i18n'
import { distanceLimitInput, distanceLimitOf, startOfDayIn, wearText } from './wear'

const translator = createInstance({ resources: uiResources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
void translator.init()

describe('wear in the user’s unit', () => {
  it('stores a limit typed in miles in km to the metre, and shows it back as typed', () => {
    // The international mile is 1,609.344 m exactly: 500 mi = 804.672 km.
    expect(distanceLimitOf(500, true)).toBe(804.672)
    expect(distanceLimitOf('500', false)).toBe(500)
    expect(distanceLimitOf('', true)).toBeNull()
    expect(distanceLimitInput(804.672, true)).toBe(500)
    expect(distanceLimitInput(804.672, false)).toBe(804.672)
    expect(distanceLimitInput(null, true)).toBe('')
  })

  it('says how far shoes went against their limit in miles for imperial users, in km otherwise', () => {
    // 880 km is 546.8 mi (880 / 1.609344 = 546.81…).
    const shoes = { total_distance: 880, total_duration_in_hours: 80, wear_limit_distance: 804.672, wear_limit_hours: null }
    expect(wearText(translator.getFixedT('en'), 'en', shoes, true)).toBe('546.8 mi of 500 mi')
    expect(wearText(translator.getFixedT('fr'), 'fr', shoes, true)).toBe('546,8 mi sur 500 mi')
    expect(wearText(translator.getFixedT('en'), 'en', shoes, false)).toBe('880 km of 804.7 km')
  })
})

describe('a fitting day in the user’s time zone', () => {
  it('starts at midnight where the user lives, whatever zone the browser is in', () => {
    // Paris is UTC+1 in winter, UTC+2 in summer (the EU's rule; the last Sunday of March 2024 is the 31st).
    expect(startOfDayIn('2024-03-01', 'Europe/Paris')).toBe('2024-02-29T23:00:00.000Z')
    expect(startOfDayIn('2024-07-01', 'Europe/Paris')).toBe('2024-06-30T22:00:00.000Z')
    expect(startOfDayIn('2024-03-01', 'Asia/Tokyo')).toBe('2024-02-29T15:00:00.000Z')
    expect(startOfDayIn('2024-02-30', 'Europe/Paris')).toBeUndefined()
  })
})
