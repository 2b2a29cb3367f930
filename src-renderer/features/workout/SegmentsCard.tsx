import { Anchor, Card, List, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { WorkoutSegment } from '../../../src/contracts'
import { formatApiDuration } from '../../components/formatDuration'
import { unitFormat } from '../../components/useFigures'

/** The workout's segments (distances in the sport's unit), each linking to its own page (`segment/<n>`, 1-based). */
export function SegmentsCard({ workoutId, sportId, segments, imperial }: { workoutId: string; sportId: number; segments: WorkoutSegment[]; imperial: boolean }) {
  const { t, i18n } = useTranslation()
  if (segments.length === 0) return null
  const format = unitFormat(imperial, i18n.language, t)
  return (
    <Card data-testid="segments-card">
      <Title order={2} size="h5" mb="sm">
        {t('workouts.SEGMENTS.TITLE', { count: segments.length })}
      </Title>
      <List spacing={6}>
        {segments.map((segment) => (
          <List.Item key={segment.segment_id}>
            <Anchor component={Link} to={`/workouts/${workoutId}/segment/${segment.segment_id + 1}`} data-testid="segment-link">
              {t('workouts.SEGMENTS.SEGMENT', { number: segment.segment_id + 1 })}
            </Anchor>{' '}
            <Text span size="sm" c="dimmed">
              {t('workouts.SEGMENTS.SUMMARY', {
                distance: format.sportDistance(segment.distance, sportId),
                duration: formatApiDuration(segment.duration),
              })}
            </Text>
          </List.Item>
        ))}
      </List>
    </Card>
  )
}
