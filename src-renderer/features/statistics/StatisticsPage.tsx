import { ActionIcon, Card, Group, LoadingOverlay, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { Sport, User } from '../../../src/contracts'
import { ErrorBox } from '../../components/ErrorBox'
import { LatestWorkoutButton } from '../../components/LatestWorkoutButton'
import { useAddressSearch } from '../../components/useAddressSearch'
import { PageLoader } from '../../components/PageLoader'
import { formatDate, today } from '../../format/dates'
import { useAppState } from '../../session/store'
import type { Measure } from './chartData'
import { MeasureRadios } from './MeasureRadios'
import { FRAMES, isLatest, periodLabel, readChartParams, shiftAnchor, statsWindow, writeChartParams, type ChartParams, type Frame } from './periods'
import { StatisticsChart } from './StatisticsChart'
import { useStatistics } from './useStatistics'
import { PersonalBestsCard } from '../insights/PersonalBestsCard'
import { YearOverYearCard } from '../insights/YearOverYearCard'

/** The statistics page: a time frame, previous/next periods, the measure and the bar chart. */
export function StatisticsPage() {
  const profile = useAppState((state) => state.profile)
  const sports = useAppState((state) => state.sports)
  if (!profile) return <PageLoader />
  return <Statistics profile={profile} sports={sports} />
}

function Statistics({ profile, sports }: { profile: User; sports: readonly Sport[] }) {
  const { t } = useTranslation()
  const now = today(profile.timezone)
  // Kept in the address so a reload or a shared link shows the same chart.
  const [search, changeSearch] = useAddressSearch()
  const { frame, anchor, measure } = readChartParams(search, now)
  const change = (patch: (params: ChartParams) => Partial<ChartParams>) =>
    changeSearch((address) => {
      const params = readChartParams(address, now)
      return writeChartParams({ ...params, ...patch(params) }, now)
    }, { replace: true })
  const setFrame = (next: Frame) => change(() => ({ frame: next }))
  const shift = (step: number) => change((params) => ({ anchor: shiftAnchor(params.anchor, params.frame, step) }))
  const setMeasure = (next: Measure) => change(() => ({ measure: next }))
  const range = statsWindow(frame, anchor, profile.weekm ?? false)
  const { statistics, loading, errors } = useStatistics(profile.username, range.from, range.to, range.time)

  return (
    <Stack data-testid="statistics-page">
      <Title order={1}>{t('common.STATISTICS')}</Title>
      <Card>
        <Stack>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <SegmentedControl
              value={frame}
              onChange={(next) => setFrame(FRAMES.find((candidate) => candidate === next) ?? 'month')}
              data={FRAMES.map((value) => ({ value, label: t(`statistics.FRAMES.${value}`) }))}
              aria-label={t('statistics.TIME_FRAME')}
              data-testid="statistics-frames"
            />
            <Group gap="xs" wrap="nowrap">
              <ActionIcon variant="default" size="lg" aria-label={t('statistics.PREVIOUS')} onClick={() => shift(-1)}>
                <IconChevronLeft size={18} />
              </ActionIcon>
              <Text size="sm" miw={190} ta="center" data-testid="statistics-range">
                {t('statistics.RANGE', { from: formatDate(range.from), to: formatDate(range.to) })}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('statistics.NEXT')}
                disabled={isLatest(range, now)}
                onClick={() => shift(1)}
              >
                <IconChevronRight size={18} />
              </ActionIcon>
            </Group>
          </Group>
          <MeasureRadios value={measure} onChange={setMeasure} full />
          <ErrorBox keys={errors} />
          <div style={{ position: 'relative' }}>
            <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />
            <StatisticsChart
              statistics={statistics ?? {}}
              keys={range.keys}
              labelOf={(key) => periodLabel(key, frame)}
              measure={measure}
              sports={sports}
              imperial={profile.imperial_units ?? false}
              height={360}
              // Old files imported on a first day fall outside the last 12 months: one click finds them.
              whenEmpty={
                <LatestWorkoutButton
                  label={t('statistics.LATEST_PERIOD')}
                  timezone={profile.timezone}
                  onDay={(day) => change(() => ({ anchor: day }))}
                  testId="statistics-latest"
                />
              }
            />
          </div>
        </Stack>
      </Card>
      <YearOverYearCard measure={measure} imperial={profile.imperial_units ?? false} today={now} />
      <PersonalBestsCard />
    </Stack>
  )
}
