import { Box, Card, LoadingOverlay, Stack, Title } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Sport, User } from '../../../src/contracts'
import { ErrorBox } from '../../components/ErrorBox'
import { monthTitle } from '../../format/intl'
import type { Measure } from '../statistics/chartData'
import { MeasureRadios } from '../statistics/MeasureRadios'
import { periodLabel } from '../statistics/periods'
import { useStatistics } from '../statistics/useStatistics'
import { calendarWeeks } from './calendar'

// The chart library is the dashboard's largest piece: calendar and timeline need not wait for it.
const StatisticsChart = lazy(() => import('../statistics/StatisticsChart').then((module) => ({ default: module.StatisticsChart })))

/** The totals of the calendar's month (`YYYY-MM`) week by week, with the basic measures. */
export function MonthStatistics({ profile, sports, month }: { profile: User; sports: readonly Sport[]; month: string }) {
  const { t, i18n } = useTranslation()
  const [measure, setMeasure] = useState<Measure>('total_distance')
  const weekm = profile.weekm ?? false
  const keys = calendarWeeks(month, weekm).map((week) => week[0] ?? '')
  const { statistics, loading, errors } = useStatistics(profile.username, `${month}-01`, lastDayOf(month), weekm ? 'weekm' : 'week')
  const title = monthTitle(month, i18n.language)
  return (
    <Card data-testid="month-statistics" data-month={month}>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('dashboard.MONTH_STATISTICS', { month: title })}
        </Title>
        <MeasureRadios value={measure} onChange={setMeasure} full={false} />
        <ErrorBox keys={errors} />
        <div style={{ position: 'relative' }}>
          <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />
          <Suspense fallback={<Box h={240} />}>
            <StatisticsChart
              statistics={statistics ?? {}}
              keys={keys}
              labelOf={(key) => periodLabel(key, 'week')}
              measure={measure}
              sports={sports}
              imperial={profile.imperial_units ?? false}
              height={240}
            />
          </Suspense>
        </div>
      </Stack>
    </Card>
  )
}

function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number)
  const last = new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 0)).getUTCDate()
  return `${month}-${String(last).padStart(2, '0')}`
}
