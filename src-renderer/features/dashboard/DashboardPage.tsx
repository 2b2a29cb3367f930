import { Grid, Stack, VisuallyHidden } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconCalendarMonth, IconChartBar, IconListDetails, IconTrophy, type Icon } from '@tabler/icons-react'
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Sport, User } from '../../../src/contracts'
import { call } from '../../api/client'
import { useLoad } from '../../components/useLoad'
import { PageLoader } from '../../components/PageLoader'
import { setProfile, useAppState } from '../../session/store'
import { Calendar } from './Calendar'
import { currentMonth } from './calendar'
import classes from './Dashboard.module.css'
import { EmptyState } from './EmptyState'
import { TotalsCards } from './TotalsCards'
import { WearNotice } from '../equipment/WearNotice'

// A phone starts on the calendar: the other sections' code (chart, cards, tables) loads when shown.
const MonthStatistics = lazy(() => import('./MonthStatistics').then((module) => ({ default: module.MonthStatistics })))
const Timeline = lazy(() => import('./Timeline').then((module) => ({ default: module.Timeline })))
const Records = lazy(() => import('./Records').then((module) => ({ default: module.Records })))
const FollowRequests = lazy(() => import('../sharing/FollowRequests').then((module) => ({ default: module.FollowRequests })))
const FollowedFeed = lazy(() => import('../sharing/FollowedFeed').then((module) => ({ default: module.FollowedFeed })))

/** The four sections a phone switches between. */
export const SECTIONS = ['calendar', 'chart', 'timeline', 'records'] as const
export type Section = (typeof SECTIONS)[number]

const SECTION_ICONS: Record<Section, Icon> = {
  calendar: IconCalendarMonth,
  chart: IconChartBar,
  timeline: IconListDetails,
  records: IconTrophy,
}

/** The dashboard: a loader until profile and sports are in, then totals and the four sections. */
export function DashboardPage() {
  const ready = useAppState((state) => state.sessionStatus === 'authenticated')
  const profile = useAppState((state) => state.profile)
  const sports = useAppState((state) => state.sports)
  if (!ready || !profile) return <PageLoader />
  return <Dashboard profile={profile} sports={sports} />
}

function Dashboard({ profile, sports }: { profile: User; sports: readonly Sport[] }) {
  const { t } = useTranslation()
  // Mantine's `md` breakpoint (62em): below it the sections take turns. Known at the first render
  // (not in an effect), so a phone never mounts, fetches and drops the wide layout's four sections.
  const small = useMediaQuery('(max-width: 61.99em)', undefined, { getInitialValueInEffect: false })
  const [section, setSection] = useState<Section>('calendar')
  // One month for the calendar and the month chart: the chart follows the calendar's arrows.
  const [month, setMonth] = useState(() => currentMonth(profile.timezone ?? null))
  // The list's own totals (no filter): the dashboard and the workout list give the same sums.
  const { data: list } = useLoad('dashboard-totals', () => call('listWorkouts', { query: { page: 1, per_page: 1 } }))

  // Totals and records change with every workout: refresh the profile the session loaded earlier.
  useEffect(() => {
    call('getProfile')
      .then((response) => setProfile(response.data))
      .catch(() => undefined)
  }, [])

  const timezone = profile.timezone ?? null
  const weekm = profile.weekm ?? false
  const sections: Record<Section, ReactNode> = {
    calendar: <Calendar sports={sports} timezone={timezone} weekm={weekm} month={month} onMonthChange={setMonth} />,
    chart: (
      <Suspense fallback={<PageLoader />}>
        <MonthStatistics profile={profile} sports={sports} month={month} />
      </Suspense>
    ),
    timeline: (
      <Suspense fallback={<PageLoader />}>
        <Timeline sports={sports} />
        <FollowRequests />
        <FollowedFeed sports={sports} />
      </Suspense>
    ),
    records: (
      <Suspense fallback={<PageLoader />}>
        <Records sports={sports} />
      </Suspense>
    ),
  }

  return (
    <Stack data-testid="dashboard">
      <VisuallyHidden>
        <h1>{t('common.DASHBOARD')}</h1>
      </VisuallyHidden>
      {/* A new user gets the welcome instead of a row of zeros. */}
      {profile.nb_workouts === 0 ? <EmptyState /> : <TotalsCards profile={profile} totals={list?.data.totals ?? null} />}
      <WearNotice />
      {small ? (
        <>
          <SectionSwitch value={section} onChange={setSection} />
          {sections[section]}
        </>
      ) : (
        <Grid gap="md">
          <Grid.Col span={7}>
            <Stack>
              {sections.calendar}
              {sections.timeline}
            </Stack>
          </Grid.Col>
          <Grid.Col span={5}>
            <Stack>
              {sections.chart}
              {sections.records}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  )
}

/**
 * The phone's choice of section: four native radio buttons drawn as a segmented control. Mantine's
 * SegmentedControl measures its segments on every layout change, the dashboard's costliest step.
 */
function SectionSwitch({ value, onChange }: { value: Section; onChange: (section: Section) => void }) {
  const { t } = useTranslation()
  const name = useId()
  return (
    <div role="radiogroup" aria-label={t('dashboard.SECTIONS.LABEL')} className={classes.sections} data-testid="dashboard-sections">
      {SECTIONS.map((section) => {
        const Glyph = SECTION_ICONS[section]
        return (
          <label key={section} className={classes.section} title={t(`dashboard.SECTIONS.${section}`)}>
            <input type="radio" name={name} value={section} checked={section === value} onChange={() => onChange(section)} className={classes.sectionRadio} />
            <Glyph size={20} aria-hidden />
            <VisuallyHidden>{t(`dashboard.SECTIONS.${section}`)}</VisuallyHidden>
          </label>
        )
      })}
    </div>
  )
}
