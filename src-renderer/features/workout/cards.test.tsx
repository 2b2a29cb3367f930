import { afterEach, describe, expect, it } from 'vitest'
import type { UserRecord, WorkoutFigures, WorkoutPart, WorkoutSegment } from '../../../src/contracts'
import { i18next } from '../../i18n'
import { render, type Rendered } from '../../test/render'
import { PartsTable } from '../insights/PartsTable'
import { FiguresCard } from './FiguresCard'
import { RecordBadges } from './RecordBadges'
import { SegmentsCard } from './SegmentsCard'
import { WeatherCard } from './WeatherCard'

let rendered: Rendered | undefined
afterEach(async () => {
  rendered?.unmount()
  rendered = undefined
  await i18next.changeLanguage('en')
})

const figures: WorkoutFigures = {
  duration: '1 day, 2:03:04',
  moving: '0:04:10',
  pauses: '0:00:00',
  distance: 16.09344,
  ave_speed: 16.09344,
  max_speed: null,
  min_alt: 100,
  max_alt: 1000,
  ascent: 10,
  descent: null,
}
const TITLE = 'figures'
const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\u00a0|\u202f/g, ' ')

describe('FiguresCard', () => {
  it('shows imperial units and hh:mm:ss, leaving out what is unknown', async () => {
    rendered = await render(<FiguresCard figures={figures} sportId={1} imperial pace={null} title={TITLE} />)
    expect(text('figure-distance')).toBe('10.00 mi')
    expect(text('figure-ave_speed')).toBe('10.00 mph')
    expect(text('figure-duration')).toBe('26:03:04')
    expect(text('figure-max_alt')).toBe('3,281 ft')
    expect(text('figure-ascent')).toBe('33 ft')
    expect(text('figure-max_speed')).toBeUndefined()
    expect(text('figure-descent')).toBeUndefined()
    expect(text('figure-pauses')).toBeUndefined()
  })

  it('gives a distance of a few metres in metres or feet, not 0.00 km', async () => {
    // 4 m is 13.1 ft (1 m = 3.2808 ft).
    rendered = await render(<FiguresCard figures={{ ...figures, distance: 0.004 }} sportId={1} imperial={false} pace={null} title={TITLE} />)
    expect(text('figure-distance')).toBe('4 m')
    rendered.unmount()
    rendered = await render(<FiguresCard figures={{ ...figures, distance: 0.004 }} sportId={1} imperial pace={null} title={TITLE} />)
    expect(text('figure-distance')).toBe('13 ft')
    rendered.unmount()
    // From a hundredth on, km as before.
    rendered = await render(<FiguresCard figures={{ ...figures, distance: 0.005 }} sportId={1} imperial={false} pace={null} title={TITLE} />)
    expect(text('figure-distance')).toBe('0.01 km')
  })

  it('uses the decimal comma in French', async () => {
    await i18next.changeLanguage('fr')
    rendered = await render(<FiguresCard figures={figures} sportId={1} imperial={false} pace={null} title={TITLE} />)
    expect(text('figure-distance')).toBe('16,09 km')
    expect(rendered.container.textContent).toContain('Vitesse moyenne')
  })

  it('reads speeds as paces when the user reads the sport as pace', async () => {
    // 16.09 km/h is 10 mi/h: 6:00 per mile, 3600 / 16.09 = 223.7 s = 3:44 per km.
    rendered = await render(<FiguresCard figures={figures} sportId={5} imperial pace="mi" title={TITLE} />)
    expect(text('figure-ave_speed')).toBe('6:00 /mi')
    expect(rendered.container.textContent).toContain('Average pace')
    rendered.unmount()
    await i18next.changeLanguage('de')
    rendered = await render(<FiguresCard figures={figures} sportId={5} imperial={false} pace="km" title={TITLE} />)
    expect(text('figure-ave_speed')).toBe('3:44 /km')
    expect(rendered.container.textContent).toContain('Durchschnittliche Pace')
    rendered.unmount()
    // A swimmer's pace is per 100 m: 10 mi/h is 4.4704 m/s, 100 m in 22.4 s.
    await i18next.changeLanguage('fr')
    rendered = await render(<FiguresCard figures={figures} sportId={13} imperial={false} pace="100m" title={TITLE} />)
    expect(text('figure-ave_speed')).toBe('0:22 /100 m')
    // A swim's distance in whole metres, as its laps: 16.09344 km.
    expect(text('figure-distance')).toBe('16 093 m')
    expect(rendered.container.textContent).toContain('Allure moyenne')
  })
  it('states the calories the file gives, in kcal, in each language; nothing when the file states none', async () => {
    rendered = await render(<FiguresCard figures={figures} sportId={1} imperial={false} pace={null} title={TITLE} calories={1234} />)
    expect(text('figure-calories')).toBe('1,234 kcal')
    expect(rendered.container.textContent).toContain('Calories')
    rendered.unmount()
    await i18next.changeLanguage('fr')
    rendered = await render(<FiguresCard figures={figures} sportId={1} imperial pace={null} title={TITLE} calories={1234} />)
    expect(text('figure-calories')).toBe('1 234 kcal')
    expect(rendered.container.textContent).toContain('Calories')
    rendered.unmount()
    await i18next.changeLanguage('de')
    rendered = await render(<FiguresCard figures={figures} sportId={1} imperial={false} pace={null} title={TITLE} calories={1234} />)
    expect(text('figure-calories')).toBe('1.234 kcal')
    expect(rendered.container.textContent).toContain('Kalorien')
    rendered.unmount()
    // A GPX file, a workout typed in by hand, a segment: no calories stated, no figure (not "0 kcal").
    rendered = await render(<FiguresCard figures={figures} sportId={1} imperial={false} pace={null} title={TITLE} calories={null} />)
    expect(text('figure-calories')).toBeUndefined()
    expect(rendered.container.textContent).not.toContain('Kalorien')
  })
})

describe('SegmentsCard', () => {
  const segment = (segment_id: number, distance: number): WorkoutSegment => ({ ...figures, workout_id: 'w', segment_id, distance })

  it('gives swim segments in metres or yards, other sports in km', async () => {
    await i18next.changeLanguage('de')
    // 0.3 km = 300 m; 0.3 km in yards: 0.3 / 1.609344 * 1760 = 328.08 yd.
    rendered = await render(<SegmentsCard workoutId="w" sportId={13} segments={[segment(0, 0.3), segment(1, 1.5)]} imperial={false} />)
    expect(rendered.container.textContent?.replace(/\u00a0|\u202f/g, ' ')).toMatch(/300 m.*1\.500 m/)
    rendered.unmount()
    rendered = await render(<SegmentsCard workoutId="w" sportId={14} segments={[segment(0, 0.3)]} imperial />)
    expect(rendered.container.textContent?.replace(/\u00a0|\u202f/g, ' ')).toContain('328 yd')
    rendered.unmount()
    rendered = await render(<SegmentsCard workoutId="w" sportId={5} segments={[segment(0, 0.3)]} imperial={false} />)
    expect(rendered.container.textContent?.replace(/\u00a0|\u202f/g, ' ')).toContain('0,30 km')
  })
})

describe('WeatherCard', () => {
  it('names the wind direction in the interface language', async () => {
    await i18next.changeLanguage('de')
    rendered = await render(
      <WeatherCard
        start={{ icon: 'rain', temperature: 10, humidity: 0.5, wind: 2, windBearing: 90 }}
        end={{ icon: 'snow', temperature: -1, humidity: 0.95, wind: 0.44704, windBearing: 225 }}
        imperial
      />,
    )
    const points = [...document.querySelectorAll('[data-testid="wind-direction"]')].map((node) => node.textContent)
    expect(points).toEqual(['O', 'SW'])
    expect(document.querySelector('[data-testid="wind-direction"]')?.getAttribute('title')).toBe('Ost')
    const content = rendered.container.textContent?.replace(/\u00a0|\u202f/g, ' ') ?? ''
    expect(content).toContain('Regen')
    expect(content).toContain('50,0 °F')
    expect(content).toContain('1,0 mph')
    expect(content).toContain('95 %')
  })

  it('shows nothing without weather', async () => {
    rendered = await render(<WeatherCard start={null} end={null} imperial={false} />)
    expect(document.querySelector('[data-testid="weather-card"]')).toBeNull()
  })
})

describe('RecordBadges', () => {
  const record = (record_type: UserRecord['record_type']): UserRecord => ({
    id: record_type.charCodeAt(0),
    record_type,
    sport_id: 1,
    user: 'u',
    value: 1,
    workout_date: 'Tue, 13 Mar 2018 12:44:45 GMT',
    workout_id: 'w',
  })

  it('hides the ascent record when ascent is not displayed', async () => {
    rendered = await render(<RecordBadges records={[record('FD'), record('HA')]} displayAscent={false} pace={false} />)
    expect(document.querySelector('[data-testid="record-FD"]')?.textContent).toBe('Farthest distance')
    expect(document.querySelector('[data-testid="record-HA"]')).toBeNull()
  })

  it('names the speed records as paces for a sport read as pace', async () => {
    const badge = (type: string) => document.querySelector(`[data-testid="record-${type}"]`)?.textContent
    rendered = await render(<RecordBadges records={[record('AS'), record('MS'), record('FD')]} displayAscent pace={false} />)
    expect([badge('AS'), badge('MS')]).toEqual(['Best average speed', 'Max. speed'])
    rendered.unmount()
    await i18next.changeLanguage('fr')
    rendered = await render(<RecordBadges records={[record('AS'), record('MS'), record('FD')]} displayAscent pace />)
    expect([badge('AS'), badge('MS'), badge('FD')]).toEqual(['Meilleure allure moyenne', 'Meilleure allure', 'Plus longue distance'])
  })
})

describe('PartsTable', () => {
  // A pool length of 50 m in 45 s, and a 25 m rest lap of 0 s.
  const laps: WorkoutPart[] = [
    { distance: 0.05, moving: 45, ave_speed: 4, ascent: null, descent: null, ave_hr: null },
    { distance: 1.5, moving: 1500, ave_speed: 3.6, ascent: null, descent: null, ave_hr: null },
  ]
  const cells = (column: number) => [...document.querySelectorAll('[data-testid="laps-table"] tbody tr')].map((row) => row.children[column]?.textContent?.replace(/\u00a0|\u202f/g, ' '))

  it('reads a swim’s laps in metres, or yards, as swimmers count them', async () => {
    await i18next.changeLanguage('de')
    rendered = await render(<PartsTable parts={laps} imperial={false} sportId={13} pace="100m" climbs={false} numberLabel="#" testId="laps-table" />)
    expect(cells(1)).toEqual(['50 m', '1.500 m'])
    expect(cells(3)).toEqual(['1:30 /100 m', '1:40 /100 m'])
    rendered.unmount()
    // 50 m = 54.68 yd, 1,500 m = 1,640.4 yd (1 yd = 0.9144 m).
    await i18next.changeLanguage('en')
    rendered = await render(<PartsTable parts={laps} imperial sportId={14} pace="100yd" climbs={false} numberLabel="#" testId="laps-table" />)
    expect(cells(1)).toEqual(['55 yd', '1,640 yd'])
    rendered.unmount()
    // A run's laps stay in km.
    rendered = await render(<PartsTable parts={laps} imperial={false} sportId={5} pace={null} climbs={false} numberLabel="#" testId="laps-table" />)
    expect(cells(1)).toEqual(['0.05 km', '1.50 km'])
  })

  it('writes a split’s speed as the cards do, with 2 decimals, in each language', async () => {
    // 16.09344 km/h is 10 mph (1 mi = 1.609344 km).
    const splits: WorkoutPart[] = [
      { distance: 1, moving: 400, ave_speed: 9, ascent: 12.4, descent: 3, ave_hr: 151 },
      { distance: 1, moving: 223.7, ave_speed: 16.09344, ascent: null, descent: null, ave_hr: null },
    ]
    for (const [language, imperial, speeds] of [
      ['en', false, ['9.00 km/h', '16.09 km/h']],
      ['fr', false, ['9,00 km/h', '16,09 km/h']],
      ['de', true, ['5,59 mi/h', '10,00 mi/h']],
    ] as const) {
      await i18next.changeLanguage(language)
      rendered = await render(<PartsTable parts={splits} imperial={imperial} sportId={5} pace={null} climbs numberLabel="#" testId="laps-table" />)
      expect(cells(3)).toEqual(speeds)
      rendered.unmount()
    }
    rendered = undefined
  })
})
