import { describe, expect, it } from 'vitest'
import { browserCalendar } from './browser-calendar'

describe('the calendar a new account starts with', () => {
  it('starts weeks on Monday where the browser language does (CLDR), on Sunday elsewhere', () => {
    expect(browserCalendar('fr-FR').weekm).toBe(true)
    expect(browserCalendar('de-DE').weekm).toBe(true)
    expect(browserCalendar('en-GB').weekm).toBe(true)
    expect(browserCalendar('en-US').weekm).toBe(false)
    expect(browserCalendar('pt-BR').weekm).toBe(false)
  })

  it('sends no week start for a language tag the browser cannot read', () => {
    expect(browserCalendar('not a tag')).not.toHaveProperty('weekm')
  })

  it("sends the browser's own time zone", () => {
    expect(browserCalendar('en-GB').timezone).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})
