import { LineChart } from '@mantine/charts'
import { Card, Center, Chip, Group, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { YearOverYearResponse } from '../../../src/contracts'
import { cumulativeByDay, dayOfYear } from '../../../src/domain/insights'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { formatDuration } from '../../components/formatDuration'
import { useLoad } from '../../components/useLoad'
import { dateTimeFormat, numberFormat } from '../../format/intl'
import { formatNumber } from '../../format/units'
import { measureUnit, measureValue, type Measure } from '../statistics/chartData'

/** Years drawn until the user chooses (the latest ones): more lines than this get hard to read. */
const DEFAULT_YEARS = 5
/** This year's line stands out; earlier years fade from blue to grey. */
const THIS_YEAR_COLOR = 'orange.7'
const EARLIER_COLORS = ['blue.6', 'teal.6', 'grape.5', 'gray.6', 'cyan.7', 'lime.8', 'indigo.4', 'pink.6']

const isLeap = (year: number) => dayOfYear(year, 12, 31) === 366

/** The years that can be drawn, oldest first: those with workouts, and this year once there is any. */
function availableYears(all: YearOverYearResponse['data']['years'], thisYear: number): number[] {
  const earlier = Object.keys(all)
    .map(Number)
    .filter((year) => year < thisYear)
    .sort((a, b) => a - b)
  // This year is drawn even before its first workout (a flat line at 0 says it plainly).
  return earlier.length > 0 || all[String(thisYear)] ? [...earlier, thisYear] : []
}

/**
 * One row per day of a leap year (so 29 February has its place) with each chosen year's running
 * total (`y2025`…); this year stops at today.
 */
function yearOverYearRows(all: YearOverYearResponse['data']['years'], years: number[], shown: Measure, imperial: boolean, thisYear: number, todayIndex: number) {
  const lines = years.map((year) => {
    const values = new Map(Object.entries(all[String(year)] ?? {}).map(([key, stats]) => [Number(key), measureValue(stats, shown, imperial)]))
    const line = cumulativeByDay(values, year === thisYear ? todayIndex : 366, isLeap(year) ? 366 : 365)
    // A common year has no 29 February (day 60 of a leap year): the 28th's total carries over.
    return isLeap(year) ? line : [...line.slice(0, 59), line[58] ?? null, ...line.slice(59)]
  })
  const rows = Array.from({ length: 366 }, (_, index) => {
    const row: Record<string, number | null> = { day: index + 1 }
    years.forEach((year, y) => (row[`y${year}`] = lines[y]?.[index] ?? null))
    return row
  })
  return rows
}

/**
 * Year over year: the running total of the chosen measure (the distance when the page shows
 * average speeds, which do not add up) day by day, one line per year, this year highlighted and
 * the same date marked on every year; a sentence says this year's total against last year's.
 */
export function YearOverYearCard({ measure, imperial, today }: { measure: Measure; imperial: boolean; today: string }) {
  const { t, i18n } = useTranslation()
  const loaded = useLoad('year-over-year', () => call('getYearOverYear'))
  const shown: Measure = measure === 'average_speed' ? 'total_distance' : measure
  const [thisYear = 0, month = 1, day = 1] = today.split('-').map(Number)
  const todayIndex = dayOfYear(thisYear, month, day)

  const all = loaded.data?.data.years ?? {}
  const available = availableYears(all, thisYear)
  // Until the user picks, the latest years; a pick of years no longer there falls back too.
  const [picked, setPicked] = useState<string[] | null>(null)
  const years = picked === null ? available.slice(-DEFAULT_YEARS) : available.filter((year) => picked.includes(String(year)))
  const rows = yearOverYearRows(all, years, shown, imperial, thisYear, todayIndex)
  // The latest earlier year gets the first colour, whichever years are chosen.
  const earlier = years.filter((year) => year < thisYear).reverse()

  const unit = measureUnit(shown, imperial)
  const format = (value: number) =>
    shown === 'total_duration' ? formatDuration(value) : `${formatNumber(value, i18n.language, shown === 'nb_workouts' ? 0 : 2)}${unit ? `\u00a0${t(`common.UNITS.${unit}`)}` : ''}`
  // Leap-year row of today's date, so every line is read on the same calendar day.
  const todayRow = dayOfYear(2024, month, day)
  const current = rows[todayRow - 1]?.[`y${thisYear}`] ?? null
  const previous = rows[todayRow - 1]?.[`y${thisYear - 1}`] ?? null
  // Ticks are round numbers: no trailing zeros there, the tooltip carries the 2 decimals.
  const tickNumber = numberFormat(i18n.language, { maximumFractionDigits: 2 })
  const monthStarts = Array.from({ length: 12 }, (_, index) => dayOfYear(2024, index + 1, 1))
  const monthName = dateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' })
  const dateOfRow = (row: number) => dateTimeFormat(i18n.language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, row))

  return (
    <Card data-testid="year-over-year-card">
      <Title order={2} size="h4" mb="xs">
        {t('insights.YEAR_OVER_YEAR.TITLE', { measure: t(`statistics.MEASURES.${shown}`) })}
      </Title>
      <ErrorBox keys={loaded.errors} />
      {available.length > 1 && (
        <Chip.Group multiple value={years.map(String)} onChange={setPicked}>
          <Group gap={6} mb="sm" role="group" aria-label={t('insights.YEAR_OVER_YEAR.YEARS')} data-testid="year-over-year-years">
            {available.map((year) => (
              <Chip key={year} value={String(year)} size="xs">
                {year}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {available.length === 0 ? (
        !loaded.loading && (
          <Center h={120}>
            <Text c="dimmed">{t('statistics.NO_WORKOUTS')}</Text>
          </Center>
        )
      ) : (
        <>
          <Text size="sm" mb="sm" data-testid="year-over-year-summary">
            {t('insights.YEAR_OVER_YEAR.SUMMARY', { date: dateOfRow(todayRow), value: format(current ?? 0) })}{' '}
            {previous !== null && t('insights.YEAR_OVER_YEAR.LAST_YEAR', { value: format(previous) })}
          </Text>
          <LineChart
            h={300}
            data={rows}
            dataKey="day"
            data-testid="year-over-year-chart"
            series={years.map((year) => ({
              name: `y${year}`,
              label: String(year),
              color: year === thisYear ? THIS_YEAR_COLOR : (EARLIER_COLORS[earlier.indexOf(year)] ?? 'gray.5'),
            }))}
            withDots={false}
            withLegend
            curveType="linear"
            tooltipAnimationDuration={0}
            lineProps={(series) => ({ strokeWidth: series.name === `y${thisYear}` ? 3 : 1.5, isAnimationActive: false })}
            valueFormatter={format}
            // The date's label reads towards the middle: after midyear it would run off the chart's right edge on a phone.
            referenceLines={[{ x: todayRow, color: 'gray.6', label: dateOfRow(todayRow), labelPosition: todayRow > 183 ? 'insideTopRight' : 'insideTopLeft' }]}
            xAxisProps={{ type: 'number', domain: [1, 366], ticks: monthStarts, tickFormatter: (row: number) => monthName.format(Date.UTC(2024, 0, row)) }}
            yAxisProps={{ tickFormatter: (value: number) => (shown === 'total_duration' ? formatDuration(value) : tickNumber.format(value)), width: 70 }}
          />
        </>
      )}
    </Card>
  )
}
