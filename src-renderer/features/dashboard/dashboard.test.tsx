import { act, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Sport, UserRecord, Workout } from '../../../src/contracts'
import { i18next } from '../../i18n'
import { click, render, type Rendered } from '../../test/render'
import { Calendar } from './Calendar'
import { CalendarDay } from './CalendarDay'
import { Records, recordsBySport } from './Records'
import { Timeline } from './Timeline'

const sports: Sport[] = [
  { id: 1, label: 'Cycling (Sport)', color: null, is_active: true, is_active_for_user: true, stopped_speed_threshold: 1, speed_display: 'speed' },
  { id: 5, label: 'Running', color: '#ff0000', is_active: true, is_active_for_user: true, stopped_speed_threshold: 1, speed_display: 'speed' },
]

function workout(index: number, sportId: number): Workout {
  return {
    id: `w${index}`,
    title: `Workout ${index}`,
    sport_id: sportId,
    workout_date: `Wed, 01 May 2024 ${String(6 + index).padStart(2, '0')}:00:00 GMT`,
  } as Workout
}

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
})

async function renderDay(count: number) {
  const workouts = Array.from({ length: count }, (_, index) => workout(index, index % 2 === 0 ? 1 : 5))
  let opened = false
  rendered = await render(
    <CalendarDay day="2024-05-01" workouts={workouts} sports={sports} inMonth isToday={false} timezone="UTC" opened={opened} onToggle={(next) => (opened = next)} />,
  )
  return { container: rendered.container, wasOpened: () => opened }
}

describe('calendar day', () => {
  it('shows up to six workouts as sport icons', async () => {
    const { container } = await renderDay(6)
    expect(container.querySelectorAll('[data-testid="sport-icon"]')).toHaveLength(6)
    expect(container.querySelector('[data-testid="day-donut"]')).toBeNull()
  })

  it('shows a donut by sport from seven workouts on', async () => {
    const { container } = await renderDay(7)
    expect(container.querySelectorAll('[data-testid="sport-icon"]')).toHaveLength(0)
    const donut = container.querySelector('[data-testid="day-donut"]')
    expect(donut?.querySelectorAll('circle')).toHaveLength(2)
    expect(donut?.getAttribute('aria-label')).toBe('7 workouts: Cycling (Sport) (4), Running (3)')
  })

  it('asks to open its list when clicked, and an empty day is not a button', async () => {
    const { container, wasOpened } = await renderDay(2)
    await click(container.querySelector('button'))
    // The first click fetches the list's chunk, then replays itself on the list's own target.
    await act(() => import('./DayWorkouts'))
    expect(wasOpened()).toBe(true)
    rendered?.unmount()
    rendered = await render(<CalendarDay day="2024-05-02" workouts={[]} sports={sports} inMonth={false} isToday={false} timezone="UTC" opened={false} onToggle={() => undefined} />)
    expect(rendered.container.querySelector('button')).toBeNull()
    expect(rendered.container.querySelector('[data-outside]')).not.toBeNull()
  })
})

describe('records', () => {
  const record = (sportId: number, type: UserRecord['record_type']): UserRecord => ({
    id: sportId * 10 + type.charCodeAt(0),
    record_type: type,
    sport_id: sportId,
    user: 'u',
    value: 1,
    workout_date: 'Wed, 01 May 2024 06:00:00 GMT',
    workout_id: 'w',
  })

  it('groups by sport in a fixed order and hides HA when ascent is not displayed', () => {
    const records = [record(5, 'MS'), record(1, 'HA'), record(1, 'FD'), record(5, 'LD'), record(1, 'AS')]
    expect([...recordsBySport(records, true)].map(([sport, list]) => [sport, list.map((item) => item.record_type)])).toEqual([
      [1, ['FD', 'AS', 'HA']],
      [5, ['LD', 'MS']],
    ])
    expect(recordsBySport(records, false).get(1)?.map((item) => item.record_type)).toEqual(['FD', 'AS'])
  })
})

describe('dashboard sections', () => {
  const onMonthChange = () => undefined
  const sections: [string, () => ReactNode][] = [
    ['calendar', () => <Calendar sports={sports} timezone="UTC" weekm={false} month="2024-05" onMonthChange={onMonthChange} />],
    ['timeline', () => <Timeline sports={sports} />],
    ['records', () => <Records sports={sports} />],
  ]

  // The dashboard renders again as its profile and totals arrive: a section whose props did not
  // change must not (the calendar's 42 cells were the first load's costliest renders).
  it.each(sections)('%s does not render again for the same props', async (_, section) => {
    const { container, rerender } = (rendered = await render(section()))
    // No server here: each section's load settles as its error box, a few event-loop turns later.
    for (let turn = 0; !container.querySelector('[data-testid="error-box"]'); turn += 1) {
      if (turn === 100) throw new Error('the section never settled')
      await act(() => new Promise<void>((done) => setTimeout(done)))
    }
    const translated = vi.spyOn(i18next, 't')
    try {
      await rerender(section())
      expect(translated).not.toHaveBeenCalled()
    } finally {
      translated.mockRestore()
    }
  })
})
