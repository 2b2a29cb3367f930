import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import { Box, Center, Stack, Text } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Sport, SportStatistics } from '../../../src/contracts'
import { formatDuration } from '../../components/formatDuration'
import { sportColor } from '../../components/SportIcon'
import { numberFormat } from '../../format/intl'
import { formatNumber } from '../../format/units'
import { buildChartRows, highestValue, measureUnit, seriesKey, yTicks, type Measure } from './chartData'
import { formatDaysDuration } from './daysDuration'

/** Below these chart widths the period labels are rotated, then hidden (spec §9). */
const ROTATE_LABELS_BELOW = 580
const HIDE_LABELS_BELOW = 300

export interface StatisticsChartProps {
  statistics: Record<string, Record<string, SportStatistics>>
  /** Every period of the window, oldest first. */
  keys: readonly string[]
  labelOf: (key: string) => string
  measure: Measure
  sports: readonly Sport[]
  imperial: boolean
  height?: number
  /** Shown under "No workouts." when the window holds none (a way to periods that do). */
  whenEmpty?: ReactNode
}

/**
 * Bars per period and sport: stacked, except for average speeds (a sum of speeds means nothing).
 * Values carry 2 decimals in the viewer's units; durations read `hh:mm:ss` on the axis and
 * `d h m s` in the tooltip.
 */
export function StatisticsChart({ statistics, keys, labelOf, measure, sports, imperial, height = 300, whenEmpty }: StatisticsChartProps) {
  const { t, i18n } = useTranslation()
  const { ref, width } = useElementSize()
  const { rows, sportIds } = buildChartRows(statistics, keys, measure, imperial, labelOf)
  const stacked = measure !== 'average_speed'
  const ticks = yTicks(highestValue(rows, sportIds, stacked), measure)
  const unit = measureUnit(measure, imperial)
  const unitText = unit ? `\u00a0${t(`common.UNITS.${unit}`)}` : ''
  const durationUnits = {
    d: t('statistics.DURATION_UNITS.d'),
    h: t('statistics.DURATION_UNITS.h'),
    m: t('statistics.DURATION_UNITS.m'),
    s: t('statistics.DURATION_UNITS.s'),
  }
  // Ticks are round numbers: no trailing zeros there, the tooltip carries the 2 decimals.
  const tickNumber = numberFormat(i18n.language, { maximumFractionDigits: 2 })
  const axisValue = (value: number) => (measure === 'total_duration' ? formatDuration(value) : tickNumber.format(value))
  const tooltipValue = (value: number) =>
    measure === 'total_duration'
      ? formatDaysDuration(value, durationUnits)
      : `${formatNumber(value, i18n.language, measure === 'nb_workouts' ? 0 : 2)}${unitText}`

  const series = sportIds.map((id) => {
    const sport = sports.find((candidate) => candidate.id === id)
    const label = sport ? t(`sports.${sport.label}`, { defaultValue: sport.label }) : String(id)
    return { name: seriesKey(id), label, color: sportColor(sport?.label ?? '', sport?.color), ...(stacked ? { stackId: 'sports' } : {}) }
  })

  const labelsHidden = width > 0 && width < HIDE_LABELS_BELOW
  const labelsRotated = !labelsHidden && width > 0 && width < ROTATE_LABELS_BELOW

  return (
    <Box ref={ref} data-testid="statistics-chart" data-measure={measure} data-labels={labelsHidden ? 'hidden' : labelsRotated ? 'rotated' : 'flat'}>
      {sportIds.length === 0 ? (
        <Center h={height}>
          <Stack align="center" gap="sm">
            <Text c="dimmed" data-testid="statistics-no-workouts">
              {t('statistics.NO_WORKOUTS')}
            </Text>
            {whenEmpty}
          </Stack>
        </Center>
      ) : (
        <BarChart
          h={height}
          data={rows}
          dataKey="label"
          series={series}
          type={stacked ? 'stacked' : 'default'}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 50 }}
          valueFormatter={tooltipValue}
          yAxisLabel={unit ? t(`common.UNITS.${unit}`) : undefined}
          tooltipAnimationDuration={0}
          yAxisProps={{ ticks, domain: [0, ticks.at(-1) ?? 'auto'], tickFormatter: axisValue, width: measure === 'total_duration' ? 70 : 60, interval: 0 }}
          xAxisProps={
            labelsHidden
              ? { tick: false, height: 8 }
              : labelsRotated
                ? { angle: -45, textAnchor: 'end', height: 56, interval: 0, tickMargin: 4 }
                : { interval: 0 }
          }
          barChartProps={{ barGap: 2 }}
          maxBarWidth={48}
        />
      )}
    </Box>
  )
}
