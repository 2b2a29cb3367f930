import { afterEach, describe, expect, it } from 'vitest'
import type { Sport } from '../../../src/contracts'
import { FROM_FILE, initialFileSport, uploadSport } from './FileSportChoice'
import { rememberSport } from './lastSport'

const sport = (id: number, patch: Partial<Sport> = {}): Sport => ({
  id,
  label: `Sport ${id}`,
  color: null,
  is_active: true,
  is_active_for_user: true,
  stopped_speed_threshold: 1,
  speed_display: 'speed',
  ...patch,
})

afterEach(() => window.localStorage.clear())

describe('the sport of a file upload', () => {
  it('starts from the file, falling back to the first active sport', () => {
    expect(initialFileSport([sport(1, { is_active: false }), sport(2), sport(3)])).toEqual({ choice: FROM_FILE, fallback: '2' })
    expect(initialFileSport([])).toEqual({ choice: FROM_FILE, fallback: null })
  })

  it('falls back to the sport last used on this device while it is still selectable', () => {
    rememberSport(3)
    expect(initialFileSport([sport(1), sport(2), sport(3)]).fallback).toBe('3')
    expect(initialFileSport([sport(1), sport(2), sport(3, { is_active_for_user: false })]).fallback).toBe('1')
    window.localStorage.setItem('waymark.lastSportId', 'garbage')
    expect(initialFileSport([sport(1), sport(2)]).fallback).toBe('1')
  })

  it('asks the server for the file sport with the fallback, or gives one sport to every file', () => {
    expect(uploadSport({ choice: FROM_FILE, fallback: '4' })).toEqual({ sport_id: 4, detect_sport: true })
    expect(uploadSport({ choice: '5', fallback: '4' })).toEqual({ sport_id: 5 })
    expect(uploadSport({ choice: FROM_FILE, fallback: null })).toBeNull()
    expect(uploadSport({ choice: null, fallback: '4' })).toBeNull()
  })
})
