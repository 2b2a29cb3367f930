import '@mantine/charts/styles.css'
import { CompositeChart, type CompositeChartSeries } from '@mantine/charts'
import { Chip, ColorSwatch, Group, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core'
import { memo, useMemo, useState } from 'react'
import { YAxis, type MouseHandlerDataParam } from 'recharts'
import { useTranslation } from 'react-i18next'
import type { ChartDataPoint } from '../../../src/contracts'
import { formatPace, type PaceUnit } from '../../../src/domain/pace'
import { formatDuration } from '../../components/formatDuration'
import { formatNumber } from '../../format/units'
import type { CadenceUnit } from '../../../src/format/cadence'
import { availableSeries, hasDistanceAxis, hasTimeAxis, minimumSpan, paceAxis, smoothSpeed, steadyAxis, toChartRows, withPace, type ChartAxis, type ChartRow, type ChartSeriesName } from './chartData'
import type { DistanceReading } from '../../format/units'
import { unitSystem } from './measures'

const SERIES_STYLE: Record<ChartSeriesName, { color: string; type: 'line' | 'area'; decimals: number }> = {
  elevation: { color: 'gray.5', type: 'area', decimals: 0 },
  speed: { color: 'pine.6', type: 'line', decimals: 2 },
  pace: { color: 'pine.6', type: 'line', decimals: 0 },
  hr: { color: 'red.6', type: 'line', decimals: 0 },
  cadence: { color: 'violet.6', type: 'line', decimals: 0 },
  power: { color: 'yellow.7', type: 'line', decimals: 0 },
}

interface TooltipEntry {
  name?: string | number
  value?: unknown
  payload?: unknown
}

/** The left axis's settings when it shows speed (and the sensors). */
const SPEED_AXIS = { width: 45, domain: ['auto', 'auto'] as const }
/** Sensors move to this hidden axis when the left one shows pace: seconds and beats share no scale. */
const SENSORS_AXIS_ID = 'sensors'

/**
 * The analysis chart: speed, or pace when the user reads this sport as pace, and elevation (and
 * heart rate, cadence, power when recorded) against distance or time, speed smoothed unless the
 * user asks for the raw values. The pace axis runs downwards so faster is up. Hovering shows every
 * channel of the point and reports its index so the map can follow.
 */
export const WorkoutChart = memo(function WorkoutChart({
  points,
  imperial,
  reading,
  pace,
  cadence,
  onHover,
}: {
  points: ChartDataPoint[]
  imperial: boolean
  /** How the distance axis and readout read (metres or yards for swims). */
  reading: DistanceReading
  /** Pace per this unit in place of speed (the user's choice for the workout's sport), or null for speed. */
  pace: PaceUnit | null
  /** Steps a minute for runs, walks and hikes; revolutions otherwise. */
  cadence: CadenceUnit
  onHover: (index: number | null) => void
}) {
  const { t, i18n } = useTranslation()
  const units = unitSystem(imperial)
  // Smoothing on by default (GPS speed jitters from point to point); raw on demand.
  const [smoothed, setSmoothed] = useState(true)
  const rawRows = useMemo(() => toChartRows(points, imperial, cadence), [points, imperial, cadence])
  const rows = useMemo(() => {
    const speeds = smoothed ? smoothSpeed(rawRows) : rawRows
    return pace === null ? speeds : withPace(speeds, pace, imperial)
  }, [rawRows, smoothed, pace, imperial])
  const available = useMemo(() => availableSeries(rows, pace !== null), [rows, pace])
  const paceScale = useMemo(() => (pace === null ? null : paceAxis(rows)), [rows, pace])
  const timeAxis = hasTimeAxis(rows)
  const [axisChoice, setAxis] = useState<ChartAxis>('distance')
  const distanceAxis = hasDistanceAxis(rows)
  const axis: ChartAxis = !distanceAxis ? 'duration' : timeAxis ? axisChoice : 'distance'
  const [shown, setShown] = useState<string[]>(['speed', 'pace', 'elevation'])
  const visible = available.filter((name) => shown.includes(name))
  const paceOnLeft = paceScale !== null && visible.includes('pace')
  const paceUnit = pace === null ? '' : t(`insights.PACE_UNIT_${pace}`)
  // Steady values get a sensible span instead of filling (or edging) the chart: per axis, the widest minimum of its series.
  const steady = (names: Exclude<ChartSeriesName, 'pace'>[]) =>
    names.length === 0 ? null : steadyAxis(rows, names, Math.max(...names.map((name) => minimumSpan(name, imperial))))
  const sensors = visible.filter((name) => name !== 'pace' && name !== 'elevation')
  const leftSteady = paceOnLeft ? null : steady(sensors)
  const sensorsSteady = paceOnLeft ? steady(sensors) : null
  const elevationSteady = steady(visible.includes('elevation') ? ['elevation'] : [])

  const unitOf = (name: ChartSeriesName): string => {
    switch (name) {
      case 'speed':
        return t(`common.UNITS.${units.speed}`)
      case 'pace':
        return pace === null ? '' : t(`insights.CHART.PACE_AXIS_${pace}`)
      case 'elevation':
        return t(`common.UNITS.${units.elevation}`)
      case 'hr':
        return t('workouts.UNITS.bpm')
      case 'cadence':
        return t(`workouts.UNITS.${cadence}`)
      case 'power':
        return t('workouts.UNITS.W')
    }
  }

  /** A series' name; cadence's depends on what it counts (a runner's steps, a swimmer's strokes: Schritt-, Zugfrequenz). */
  const nameOf = (name: ChartSeriesName): string => t(name === 'cadence' ? `workouts.CHART.CADENCE_${cadence}` : `workouts.CHART.${name}`)

  const series: CompositeChartSeries[] = visible.map((name) => ({
    name,
    label: `${nameOf(name)} (${unitOf(name)})`,
    color: SERIES_STYLE[name].color,
    type: SERIES_STYLE[name].type,
    yAxisId: name === 'elevation' ? 'right' : paceOnLeft && name !== 'pace' ? SENSORS_AXIS_ID : undefined,
  }))

  // Mouse and finger alike: the hovered row's index goes to the map.
  const follow = (state: MouseHandlerDataParam) => {
    const index = Number(state.activeTooltipIndex)
    onHover(state.isTooltipActive && Number.isInteger(index) ? (rows[index]?.index ?? null) : null)
  }

  // Rows hold km or mi; swims read them in metres or yards.
  const distanceText = (value: number) => `${formatNumber(value * reading.perUnit, i18n.language, reading.decimals)} ${t(`common.UNITS.${reading.unit}`)}`
  const formatX = (value: number) => (axis === 'duration' ? formatDuration(value) : distanceText(value))

  const tooltip = ({ active, payload }: { active?: boolean; payload?: readonly TooltipEntry[] }) => {
    const row = payload?.[0]?.payload as ChartRow | undefined
    if (!active || !row) return null
    return (
      <Paper withBorder shadow="sm" p="xs" data-testid="chart-tooltip">
        <Text size="xs" fw={600}>
          {[row.distance === null ? null : distanceText(row.distance), row.duration === null ? null : formatDuration(row.duration)].filter((part) => part !== null).join(' · ')}
        </Text>
        {/* Every channel of the point, drawn or not: the line shows the trend, this the figures. */}
        {available.map((name) => {
          const value = row[name]
          return value === null ? null : (
            <Text size="xs" key={name} c={SERIES_STYLE[name].color}>
              {nameOf(name)}:{' '}
              {name === 'pace' ? `${formatPace(value)} ${paceUnit}` : `${formatNumber(value, i18n.language, SERIES_STYLE[name].decimals)} ${unitOf(name)}`}
            </Text>
          )
        })}
      </Paper>
    )
  }

  return (
    <Stack gap="sm" data-testid="workout-chart">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Chip.Group multiple value={shown} onChange={setShown}>
          <Group gap={6}>
            {available.map((name) => (
              // The chip keeps the primary colour (readable text); a swatch shows the line's colour.
              <Chip key={name} value={name} size="xs" data-testid={`chart-series-${name}`}>
                <Group gap={6} wrap="nowrap" component="span">
                  <ColorSwatch component="span" color={`var(--mantine-color-${SERIES_STYLE[name].color.replace('.', '-')})`} size={10} withShadow={false} aria-hidden />
                  {nameOf(name)} ({unitOf(name)})
                </Group>
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Switch
          size="xs"
          label={t(pace === null ? 'insights.CHART.SMOOTH_SPEED' : 'insights.CHART.SMOOTH_PACE')}
          checked={smoothed}
          onChange={(event) => setSmoothed(event.currentTarget.checked)}
          data-testid="chart-smooth-speed"
        />
        {timeAxis && distanceAxis && (
          <SegmentedControl
            size="xs"
            value={axis}
            onChange={(value) => setAxis(value === 'duration' ? 'duration' : 'distance')}
            data={[
              { value: 'distance', label: t('workouts.CHART.DISTANCE_AXIS') },
              { value: 'duration', label: t('workouts.CHART.TIME_AXIS') },
            ]}
            aria-label={t('workouts.CHART.X_AXIS')}
            data-testid="chart-axis"
          />
        )}
      </Group>
      <CompositeChart
        h={280}
        data={rows}
        dataKey={axis}
        series={series}
        curveType="linear"
        withDots={false}
        strokeWidth={1.5}
        connectNulls={false}
        withRightYAxis={visible.includes('elevation')}
        gridAxis="xy"
        xAxisProps={{ type: 'number', domain: ['dataMin', 'dataMax'], tickFormatter: formatX, minTickGap: 30 }}
        yAxisProps={
          paceOnLeft
            ? // Reversed: a lower pace is faster and belongs at the top; slower outliers leave the chart.
              { width: 50, reversed: true, domain: paceScale.domain, ticks: paceScale.ticks, interval: 0, allowDataOverflow: true, tickFormatter: formatPace }
            : leftSteady
              ? { ...SPEED_AXIS, domain: leftSteady.domain, ticks: leftSteady.ticks, interval: 0 }
              : SPEED_AXIS
        }
        rightYAxisProps={elevationSteady ? { width: 45, domain: elevationSteady.domain, ticks: elevationSteady.ticks, interval: 0 } : { width: 45, domain: ['auto', 'auto'] }}
        areaProps={{ fillOpacity: 0.25 }}
        tooltipProps={{ content: tooltip }}
        composedChartProps={{ onMouseMove: follow, onTouchMove: follow, onTouchEnd: () => onHover(null) }}
        onMouseLeave={() => onHover(null)}
      >
        {paceOnLeft && <YAxis yAxisId={SENSORS_AXIS_ID} hide domain={sensorsSteady?.domain ?? ['auto', 'auto']} />}
      </CompositeChart>
    </Stack>
  )
})
