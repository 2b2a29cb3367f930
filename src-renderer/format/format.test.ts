import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { contrastRatio, DARK_BACKGROUNDS, glyphColor, LIGHT_BACKGROUNDS, readableOn } from './contrast'
import { API_DATE_FORMAT, dateInputFormat, formatDate, formatDateTime, toApiDate, today } from './dates'
import { dateTimeFormat, monthTitle, numberFormat } from './intl'
import { convertDistance, formatNumber, MILES_PER_KM } from './units'

describe('distances', () => {
  it('keeps km for metric and converts to miles with 1 mi = 5280 ft, 1 m = 3.280839895 ft', () => {
    expect(convertDistance(10, false)).toEqual({ value: 10, unit: 'km' })
    const miles = convertDistance(1.609344, true)
    expect(miles.unit).toBe('mi')
    expect(miles.value).toBeCloseTo(1, 6)
    expect(MILES_PER_KM).toBeCloseTo(0.621371, 6)
  })

  it('formats numbers per language', () => {
    expect(formatNumber(1234.5, 'en', 2)).toBe('1,234.50')
    expect(formatNumber(1234.5, 'fr', 2).replace(/\s/g, ' ')).toBe('1 234,50')
    expect(formatNumber(1234.5, 'de', 2)).toBe('1.234,50')
    expect(formatNumber(67.895, 'en', 0)).toBe('68')
  })
})

describe('dates', () => {
  it('shows a registration date as dd/MM/yyyy HH:mm in the viewer timezone', () => {
    expect(formatDateTime('Sun, 14 Jul 2019 14:09:58 GMT', 'Europe/Paris')).toBe('14/07/2019 16:09')
    expect(formatDateTime('Sun, 14 Jul 2019 14:09:58 GMT', 'America/New_York')).toBe('14/07/2019 10:09')
    expect(formatDateTime('Sun, 14 Jul 2019 14:09:58 GMT')).toBe('14/07/2019 14:09')
    // Midnight is 00, not 24; the day moves with the zone; an unknown zone shows UTC.
    expect(formatDateTime('Sat, 13 Jul 2019 22:00:00 GMT', 'Europe/Paris')).toBe('14/07/2019 00:00')
    expect(formatDateTime('Sun, 14 Jul 2019 14:09:58 GMT', 'Pacific/Kiritimati')).toBe('15/07/2019 04:09')
    expect(formatDateTime('Sun, 14 Jul 2019 14:09:58 GMT', 'Not/AZone')).toBe('14/07/2019 14:09')
  })

  it('knows today in a time zone, and the browser’s day for an unknown one', () => {
    const instant = new Date('2024-04-30T22:30:00Z')
    expect(today('Europe/Paris', instant)).toBe('2024-05-01')
    expect(today('America/Los_Angeles', instant)).toBe('2024-04-30')
    expect(today('Not/AZone', instant)).toBe(today(null, instant))
  })

  it('shows a birth date as dd/MM/yyyy without shifting the day', () => {
    expect(formatDate('Tue, 01 Jan 1980 00:00:00 GMT')).toBe('01/01/1980')
    expect(formatDate('1980-01-31')).toBe('31/01/1980')
    expect(toApiDate('Tue, 01 Jan 1980 00:00:00 GMT')).toBe('1980-01-01')
    expect(toApiDate(null)).toBeNull()
  })
})

describe('date fields', () => {
  const letters = { en: { day: 'dd', month: 'mm', year: 'yyyy' }, fr: { day: 'jj', month: 'mm', year: 'aaaa' }, de: { day: 'TT', month: 'MM', year: 'JJJJ' } }

  it('show each language’s own date format, English day first as the app shows dates', () => {
    expect(dateInputFormat('de', letters.de)).toEqual({ valueFormat: 'DD.MM.YYYY', placeholder: 'TT.MM.JJJJ' })
    expect(dateInputFormat('fr', letters.fr)).toEqual({ valueFormat: 'DD/MM/YYYY', placeholder: 'jj/mm/aaaa' })
    expect(dateInputFormat('en', letters.en)).toEqual({ valueFormat: 'DD/MM/YYYY', placeholder: 'dd/mm/yyyy' })
  })

  it('parse what they show', () => {
    // 24 November 2026 in each language's fields.
    expect(dayjs('24.11.2026', dateInputFormat('de', letters.de).valueFormat, true).format(API_DATE_FORMAT)).toBe('2026-11-24')
    expect(dayjs('24/11/2026', dateInputFormat('fr', letters.fr).valueFormat, true).format(API_DATE_FORMAT)).toBe('2026-11-24')
    expect(dayjs('24/11/2026', dateInputFormat('en', letters.en).valueFormat, true).format(API_DATE_FORMAT)).toBe('2026-11-24')
  })
})

describe('kept formatters', () => {
  it('builds one formatter per language and options, and reuses it', () => {
    const options = { weekday: 'short', timeZone: 'UTC' } as const
    expect(dateTimeFormat('fr', { ...options })).toBe(dateTimeFormat('fr', options))
    expect(dateTimeFormat('de', options)).not.toBe(dateTimeFormat('fr', options))
    expect(dateTimeFormat('fr', { ...options, weekday: 'long' })).not.toBe(dateTimeFormat('fr', options))
    expect(numberFormat('de', { maximumFractionDigits: 2 })).toBe(numberFormat('de', { maximumFractionDigits: 2 }))
    expect(numberFormat('de', { maximumFractionDigits: 2 }).format(1234.5)).toBe('1.234,5')
  })

  it('writes a month in each language', () => {
    expect(monthTitle('2026-11', 'en')).toBe('November 2026')
    expect(monthTitle('2026-11', 'fr')).toBe('novembre 2026')
    expect(monthTitle('2026-03', 'de')).toBe('März 2026')
  })
})

describe('glyph colours that read at 3:1 (WCAG 1.4.11)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    // WCAG's own example pair: #777777 on white is 4.48:1.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(4.48, 2)
  })

  it('keeps a colour that reads, and darkens or lightens one that does not, by the least step', () => {
    // Running's purple reads on white (5.5:1) but not on the dark card (2.8:1).
    expect(readableOn('#835b83', LIGHT_BACKGROUNDS, true)).toBe('#835b83')
    const onDark = readableOn('#835b83', DARK_BACKGROUNDS, false)
    expect(onDark).not.toBe('#835b83')
    for (const background of DARK_BACKGROUNDS) expect(contrastRatio(onDark, background)).toBeGreaterThanOrEqual(3)
    // Rowing's pale yellow (1.5:1 on white) darkens until it reads on every light background.
    const onLight = readableOn('#fcce72', LIGHT_BACKGROUNDS, true)
    for (const background of LIGHT_BACKGROUNDS) expect(contrastRatio(onLight, background)).toBeGreaterThanOrEqual(3)
    expect(contrastRatio(onLight, '#ffffff')).toBeLessThan(4)
    expect(glyphColor('#835b83')).toBe(`light-dark(#835b83, ${onDark})`)
    expect(readableOn('not a colour', LIGHT_BACKGROUNDS, true)).toBe('not a colour')
  })
})
