import dayjs from 'dayjs'
import type { statsTimeFrames } from '../../../src/contracts'
// Registers the utc and strict-parsing plugins.
import '../../format/dates'
import { FULL_MEASURES, type Measure } from './chartData'

/** The time frames the statistics page offers (a week starts Sunday or Monday per preference). */
export const FRAMES = ['week', 'month', 'year'] as const
export type Frame = (typeof FRAMES)[number]
export type ApiTime = (typeof statsTimeFrames)[number]

const DAY = 'YYYY-MM-DD'

/** How many periods one chart shows. */
const PERIODS_SHOWN: Record<Frame, number> = { week: 12, month: 12, year: 10 }

/** The request and the bars of one chart: every period from `from` to `to`, keyed as the API keys them. */
export interface StatsWindow {
  from: string
  to: string
  time: ApiTime
  /** Period keys, oldest first (`YYYY-MM-DD` week start, `YYYY-MM`, `YYYY`). */
  keys: string[]
}

function startOf(date: dayjs.Dayjs, frame: Frame, weekm: boolean): dayjs.Dayjs {
  switch (frame) {
    case 'week':
      return date.subtract((date.day() - (weekm ? 1 : 0) + 7) % 7, 'day')
    case 'month':
      return date.startOf('month')
    case 'year':
      return date.startOf('year')
  }
}

function keyOf(start: dayjs.Dayjs, frame: Frame): string {
  switch (frame) {
    case 'week':
      return start.format(DAY)
    case 'month':
      return start.format('YYYY-MM')
    case 'year':
      return start.format('YYYY')
  }
}

/**
 * The chart window ending with the period that holds `anchor` (a `YYYY-MM-DD` day): the last
 * {@link PERIODS_SHOWN} weeks, months or years.
 */
export function statsWindow(frame: Frame, anchor: string, weekm: boolean, count = PERIODS_SHOWN[frame]): StatsWindow {
  const last = startOf(dayjs.utc(anchor, DAY), frame, weekm)
  const first = last.subtract(count - 1, frame)
  const keys: string[] = []
  for (let index = 0; index < count; index += 1) keys.push(keyOf(first.add(index, frame), frame))
  return {
    from: first.format(DAY),
    to: last.add(1, frame).subtract(1, 'day').format(DAY),
    time: frame === 'week' ? (weekm ? 'weekm' : 'week') : frame,
    keys,
  }
}

/** The anchor day moved by `delta` periods (previous/next navigation). */
export function shiftAnchor(anchor: string, frame: Frame, delta: number): string {
  return dayjs.utc(anchor, DAY).add(delta, frame).format(DAY)
}

/** A period key as a short axis label: `DD/MM` for weeks, `MM/YYYY` for months, `YYYY` for years. */
export function periodLabel(key: string, frame: Frame): string {
  switch (frame) {
    case 'week':
      return dayjs.utc(key, DAY).format('DD/MM')
    case 'month':
      return dayjs.utc(`${key}-01`, DAY).format('MM/YYYY')
    case 'year':
      return key
  }
}

/** True when the window reaches past today: there is nothing to show after it. */
export function isLatest(window: StatsWindow, today: string): boolean {
  return window.to >= today
}

export interface ChartParams {
  frame: Frame
  /** A day of the last period shown (`YYYY-MM-DD`). */
  anchor: string
  measure: Measure
}

/** The chart parameters of the address; anything invalid (or a day after today) falls back to the default. */
export function readChartParams(search: URLSearchParams, now: string): ChartParams {
  const frame = FRAMES.find((candidate) => candidate === search.get('time')) ?? 'month'
  const measure = FULL_MEASURES.find((candidate) => candidate === search.get('measure')) ?? 'total_distance'
  const day = search.get('date') ?? ''
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day) && dayjs(day, 'YYYY-MM-DD', true).isValid() && day <= now
  return { frame, anchor: valid ? day : now, measure }
}

/** The address of chart parameters, defaults left out. */
export function writeChartParams(params: ChartParams, now: string): URLSearchParams {
  const search = new URLSearchParams()
  if (params.frame !== 'month') search.set('time', params.frame)
  if (params.measure !== 'total_distance') search.set('measure', params.measure)
  if (params.anchor !== now) search.set('date', params.anchor < now ? params.anchor : now)
  return search
}
