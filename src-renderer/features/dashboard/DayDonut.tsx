import { useTranslation } from 'react-i18next'

export interface DonutSlice {
  key: string | number
  label: string
  value: number
  color: string
}

/**
 * A small donut of a day's workouts by sport. Drawn as plain SVG: the calendar draws up to 42 of
 * them, and a chart library per cell would cost far more than these few arcs.
 */
export function DayDonut({ slices, size = 34 }: { slices: readonly DonutSlice[]; size?: number }) {
  const { t } = useTranslation()
  const total = slices.reduce((sum, slice) => sum + slice.value, 0)
  const stroke = size / 5
  const radius = (size - stroke) / 2
  const circumference = 2 * Math.PI * radius
  // Where each slice starts along the circle.
  const offsets = slices.map((_, index) => slices.slice(0, index).reduce((sum, slice) => sum + (total > 0 ? (slice.value / total) * circumference : 0), 0))
  const label = t('dashboard.CALENDAR.DONUT', {
    count: total,
    sports: slices.map((slice) => `${slice.label} (${slice.value})`).join(', '),
  })
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} data-testid="day-donut">
      <title>{label}</title>
      <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
        {slices.map((slice, index) => {
          const length = total > 0 ? (slice.value / total) * circumference : 0
          return (
            <circle
              key={slice.key}
              cx={size / 2}
              cy={size / 2}
              r={radius}
              fill="none"
              stroke={slice.color}
              strokeWidth={stroke}
              strokeDasharray={`${length} ${circumference - length}`}
              strokeDashoffset={-(offsets[index] ?? 0)}
            />
          )
        })}
      </g>
      <text x="50%" y="50%" dominantBaseline="central" textAnchor="middle" fontSize={size / 3} fontWeight={700} fill="currentColor">
        {total}
      </text>
    </svg>
  )
}
