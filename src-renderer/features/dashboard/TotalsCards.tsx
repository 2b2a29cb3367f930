import { Card, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { IconCalendarStats, IconClock, IconMountain, IconRoute, IconTrophy } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { User, WorkoutTotals } from '../../../src/contracts'
import { formatDuration } from '../../components/formatDuration'
import { useFigures } from '../../components/useFigures'
import classes from './Dashboard.module.css'

function Total({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <div className={classes.total} data-testid={testId}>
      <ThemeIcon size={32} radius="xl" variant="light" className={classes.totalIcon} aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={800} fz="lg" className={classes.totalValue}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" className={classes.totalLabel}>
        {label}
      </Text>
    </div>
  )
}

/**
 * The user's totals in one card. Distance, moving time and ascent are the sums the workout list
 * shows without filters (`totals` of `GET /workouts`), so both screens give the same figures;
 * until they arrive, the profile's count and distance stand in (its duration sums whole
 * durations, pauses included, so it is never shown as moving time).
 */
export function TotalsCards({ profile, totals }: { profile: User; totals: WorkoutTotals | null }) {
  const { t } = useTranslation()
  const figures = useFigures()
  const count = totals?.count ?? profile.nb_workouts
  return (
    <Card padding="sm" data-testid="totals" component="section" aria-labelledby="dashboard-totals-title">
      <VisuallyHidden>
        <h2 id="dashboard-totals-title">{t('dashboard.TOTALS.LABEL')}</h2>
      </VisuallyHidden>
      <div className={classes.totals} data-items={figures.displayAscent ? 5 : 4}>
        <Total testId="total-workouts" icon={<IconCalendarStats size={18} />} label={t('dashboard.TOTALS.WORKOUTS', { count })} value={figures.number(count)} />
        <Total testId="total-sports" icon={<IconTrophy size={18} />} label={t('dashboard.TOTALS.SPORTS', { count: profile.nb_sports })} value={figures.number(profile.nb_sports)} />
        <Total testId="total-distance" icon={<IconRoute size={18} />} label={t('dashboard.TOTALS.DISTANCE')} value={figures.distance(totals?.distance ?? profile.total_distance)} />
        <Total testId="total-duration" icon={<IconClock size={18} />} label={t('dashboard.TOTALS.DURATION')} value={totals ? formatDuration(totals.duration) : '–'} />
        {figures.displayAscent && (
          <Total testId="total-ascent" icon={<IconMountain size={18} />} label={t('dashboard.TOTALS.ASCENT')} value={figures.elevation(totals?.ascent ?? profile.total_ascent)} />
        )}
      </div>
    </Card>
  )
}
