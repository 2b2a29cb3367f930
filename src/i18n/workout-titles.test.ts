import { describe, expect, it } from 'vitest'
import { SPORTS } from '../domain/sports'
import de from './titles/de.json'
import en from './titles/en.json'
import fr from './titles/fr.json'
import { periodOfHour, workoutTitle } from './workout-titles'

describe('default workout titles', () => {
  it('name the part of the day at its boundaries', () => {
    expect([4, 5, 11, 12, 16, 17, 21, 22, 23, 0].map(periodOfHour)).toEqual([
      'night',
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
      'night',
      'night',
      'night',
    ])
  })

  it('read as peers word them, in each language, without a clock time', () => {
    expect(workoutTitle('Running', 7, 'en')).toBe('Morning run')
    expect(workoutTitle('Cycling (Sport)', 19, 'fr')).toBe('Sortie vélo du soir')
    expect(workoutTitle('Hiking', 14, 'de')).toBe('Wanderung am Nachmittag')
    expect(workoutTitle('Swimming (Pool)', 23, 'en')).toBe('Night pool swim')
    // An unknown language reads English; an unknown sport its label.
    expect(workoutTitle('Running', 7, 'es')).toBe('Morning run')
    expect(workoutTitle('Kayaking', 7, 'en')).toBe('Morning Kayaking')
  })

  it('have a word for every sport in every language', () => {
    for (const texts of [en, fr, de]) expect(Object.keys(texts.ACTIVITY).sort()).toEqual(SPORTS.map(({ label }) => label).sort())
  })

  it('name one sport of each family in each language, and never a clock time nor the English title in French or German', () => {
    const families = ['Running', 'Cycling (Sport)', 'Hiking', 'Swimming (Pool)', 'Skiing (Cross Country)', 'Rowing'] as const
    expect(families.map((label) => workoutTitle(label, 6, 'fr'))).toEqual([
      'Course du matin',
      'Sortie vélo du matin',
      'Randonnée du matin',
      'Natation en piscine du matin',
      'Ski de fond du matin',
      'Aviron du matin',
    ])
    expect(families.map((label) => workoutTitle(label, 18, 'de'))).toEqual([
      'Lauf am Abend',
      'Radtour am Abend',
      'Wanderung am Abend',
      'Schwimmen im Becken am Abend',
      'Langlauf am Abend',
      'Rudern am Abend',
    ])
    for (const { label } of SPORTS) {
      for (let hour = 0; hour < 24; hour++) {
        const english = workoutTitle(label, hour, 'en')
        for (const language of ['fr', 'de']) expect(workoutTitle(label, hour, language)).not.toBe(english)
        for (const language of ['en', 'fr', 'de']) expect(workoutTitle(label, hour, language)).not.toMatch(/\d/)
      }
    }
  })
})
