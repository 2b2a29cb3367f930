import { Anchor, Badge, Card, Group, List, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { WorkoutLeg } from '../../../src/contracts'
import { formatApiDuration } from '../../components/formatDuration'
import { SportIcon } from '../../components/SportIcon'
import { unitFormat } from '../../components/useFigures'
import { useAppState } from '../../session/store'

/**
 * The legs of the multisport file this workout is one of (swim, T1, ride, T2, run), in order, each
 * linking to its page, this one marked as the current page; transitions numbered as triathletes do.
 */
export function LegsCard({ workoutId, legs, imperial }: { workoutId: string; legs: WorkoutLeg[]; imperial: boolean }) {
  const { t, i18n } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const format = unitFormat(imperial, i18n.language, t)
  // Each transition's number among the file's transitions (T1, T2).
  const numbers = legs.map((leg, index) => legs.slice(0, index + 1).filter((before) => before.transition).length)
  return (
    <Card data-testid="legs-card">
      <Title order={2} size="h5" mb="sm">
        {t('workouts.LEGS.TITLE', { count: legs.length })}
      </Title>
      <List spacing={8} listStyleType="none">
        {legs.map((leg, index) => {
          const sport = sports.find((item) => item.id === leg.sport_id)
          const current = leg.id === workoutId
          return (
            <List.Item key={leg.id} data-testid="leg">
              <Group gap="xs" wrap="nowrap" align="center">
                <SportIcon label={sport?.label ?? ''} color={sport?.color} size={20} />
                <Anchor component={Link} to={`/workouts/${leg.id}`} aria-current={current ? 'page' : undefined} fw={current ? 700 : undefined} data-testid="leg-link">
                  {leg.title}
                </Anchor>
                {leg.transition && (
                  <Badge variant="light" color="gray" data-testid="leg-transition">
                    {t('workouts.LEGS.TRANSITION', { number: numbers[index] })}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" ml={28}>
                {t('workouts.SEGMENTS.SUMMARY', { distance: format.sportDistance(leg.distance, leg.sport_id), duration: formatApiDuration(leg.moving) })}
              </Text>
            </List.Item>
          )
        })}
      </List>
    </Card>
  )
}
