import { Anchor, Card, Table, Text, Title } from '@mantine/core'
import { Sparkline } from '@mantine/charts'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { EffortMark, PersonalBest } from '../../../src/contracts'
import { call } from '../../api/client'
import { formatDuration } from '../../components/formatDuration'
import { useLoad } from '../../components/useLoad'
import { formatDateTime } from '../../format/dates'
import { useAppState } from '../../session/store'
import { effortKey } from './insightFormat'

/** A best as the table writes it: a time for distances, watts for power. */
function markText(value: number, kind: PersonalBest['kind'], watts: string): string {
  return kind === 'distance' ? formatDuration(value) : `${value} ${watts}`
}

function Mark({ mark, kind, zone }: { mark: EffortMark | null; kind: PersonalBest['kind']; zone: string | null }) {
  const { t } = useTranslation()
  if (!mark) return <Text c="dimmed">–</Text>
  return (
    <Anchor component={Link} to={`/workouts/${mark.workout_id}`} title={formatDateTime(mark.workout_date, zone)}>
      {markText(mark.value, kind, t('insights.WATTS'))}
    </Anchor>
  )
}

/**
 * The user's personal bests per sport and effort: all-time and this year's, each linking to its
 * workout, with the progression of the best as a small line (lower is better for times, so the
 * line is drawn from the values as they are: it falls as the runner gets faster).
 */
export function PersonalBestsCard() {
  const { t } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const zone = useAppState((state) => state.profile?.timezone ?? null)
  const loaded = useLoad('personal-bests', () => call('getPersonalBests'))
  const bests = loaded.data?.data.personal_bests ?? []
  const sportLabel = (id: number) => {
    const label = sports.find((sport) => sport.id === id)?.label
    return label ? t(`sports.${label}`, { defaultValue: label }) : ''
  }
  return (
    <Card data-testid="personal-bests-card">
      <Title order={2} size="h4" mb="sm">
        {t('insights.PERSONAL_BESTS.TITLE')}
      </Title>
      {bests.length === 0 ? (
        !loaded.loading && <Text c="dimmed">{t('insights.PERSONAL_BESTS.EMPTY')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} data-testid="personal-bests-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('insights.PERSONAL_BESTS.EFFORT')}</Table.Th>
                <Table.Th ta="right">{t('insights.PERSONAL_BESTS.ALL_TIME')}</Table.Th>
                <Table.Th ta="right">{t('insights.PERSONAL_BESTS.THIS_YEAR')}</Table.Th>
                <Table.Th>{t('insights.PERSONAL_BESTS.PROGRESSION')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bests.map((best) => (
                <Table.Tr key={`${best.sport_id}-${best.kind}-${best.target}`}>
                  <Table.Td>
                    {`${sportLabel(best.sport_id)} · ${t(`insights.BEST_EFFORTS.${effortKey(best.kind, best.target)}`)}`}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Mark mark={best.all_time} kind={best.kind} zone={zone} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Mark mark={best.this_year} kind={best.kind} zone={zone} />
                  </Table.Td>
                  <Table.Td w={140}>
                    {best.progression.length > 1 ? (
                      <Sparkline
                        w={120}
                        h={28}
                        data={best.progression.map((mark) => mark.value)}
                        curveType="linear"
                        color="pine.6"
                        fillOpacity={0.2}
                        // A picture of the figures: its name carries them for screen readers.
                        role="img"
                        aria-label={t('insights.PERSONAL_BESTS.PROGRESSION_OF', {
                          values: best.progression.map((mark) => markText(mark.value, best.kind, t('insights.WATTS'))).join(' → '),
                        })}
                        data-testid="personal-best-sparkline"
                      />
                    ) : (
                      <Text size="xs" c="dimmed">
                        –
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  )
}
