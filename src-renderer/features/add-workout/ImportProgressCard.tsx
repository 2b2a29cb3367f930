import { Anchor, Badge, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { formatTimeLeft } from '../../../src/format/duration'
import { countOutcomes, type FileOutcome, type ImportProgress } from './importQueue'

const STATUS_COLOR: Record<FileOutcome['status'], string> = { imported: 'pine', duplicate: 'yellow', error: 'red' }

function OutcomeRow({ outcome }: { outcome: FileOutcome }) {
  const { t } = useTranslation()
  return (
    <Table.Tr data-testid="import-result" data-status={outcome.status}>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'break-word' }}>
          {outcome.file}
        </Text>
        {outcome.status === 'imported' && outcome.title && (
          <Text size="xs" c="dimmed" data-testid="import-result-title">
            {outcome.title}
          </Text>
        )}
        {outcome.status === 'imported' &&
          outcome.warnings?.map((warning) => (
            <Text key={warning.key} size="xs" c="orange.9" data-testid="import-result-warning">
              {t(warning.key, { ...warning.values })}
            </Text>
          ))}
      </Table.Td>
      <Table.Td w="1%" style={{ whiteSpace: 'nowrap' }}>
        <Badge color={STATUS_COLOR[outcome.status]} variant="light" styles={{ label: { overflow: 'visible' } }}>
          {t(`workouts.IMPORT.STATUS.${outcome.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {outcome.status === 'error' ? (
          <Text size="sm" c="red">
            {outcome.errorKeys.map((key) => t(key)).join(' ')}
          </Text>
        ) : (
          outcome.workoutId && (
            <Anchor component={Link} to={`/workouts/${outcome.workoutId}`} size="sm" data-testid="import-result-link">
              {t('workouts.IMPORT.SEE_WORKOUT')}
            </Anchor>
          )
        )}
      </Table.Td>
    </Table.Tr>
  )
}

/** The files that failed, one line per reason (the most frequent first), each with its files. */
function ErrorGroups({ results }: { results: readonly FileOutcome[] }) {
  const { t } = useTranslation()
  const groups = new Map<string, string[]>()
  for (const outcome of results) {
    if (outcome.status !== 'error') continue
    const reason = outcome.errorKeys.map((key) => t(key)).join(' ')
    groups.set(reason, [...(groups.get(reason) ?? []), outcome.file])
  }
  if (groups.size === 0) return null
  return (
    <Stack gap={6} data-testid="import-errors">
      {[...groups]
        .sort((a, b) => b[1].length - a[1].length)
        .map(([reason, files]) => (
          <div key={reason} data-testid="import-error-group">
            <Text size="sm" c="red" fw={600}>
              {t('workouts.IMPORT.ERROR_GROUP', { count: files.length, reason })}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {files.join(', ')}
            </Text>
          </div>
        ))}
    </Stack>
  )
}

/** Progress of several files or an archive, one result per file, then the way to the dashboard. */
export function ImportProgressCard({
  progress,
  onAddMore,
  onResume,
}: {
  progress: ImportProgress
  onAddMore: () => void
  /** Resumes an import a full disk stopped (see `ImportProgress.resumable`). */
  onResume?: (taskId: string) => void
}) {
  const { t, i18n } = useTranslation()
  const percent = progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100)
  const counts = countOutcomes(progress.results)
  return (
    <Card data-testid="import-progress">
      <Stack>
        <Title order={2} size="h4">
          {t('workouts.IMPORT.TITLE')}
        </Title>
        <Progress value={percent} size="lg" animated={!progress.finished} aria-label={t('workouts.IMPORT.TITLE')} data-testid="import-progress-bar" data-value={percent} />
        <Text size="sm" data-testid="import-progress-text">
          {t('workouts.IMPORT.PROGRESS', { done: progress.done, total: progress.total })}
        </Text>
        {progress.current && !progress.finished && (
          <Text size="sm" c="dimmed" data-testid="import-current">
            {progress.importing
              ? t('workouts.IMPORT.IMPORTING', { name: progress.importing })
              : t('workouts.IMPORT.PREPARING', { name: progress.current })}
          </Text>
        )}
        {progress.secondsLeft !== null && !progress.finished && (
          <Text size="sm" c="dimmed" data-testid="import-time-left">
            {t('workouts.IMPORT.TIME_LEFT', { time: formatTimeLeft(progress.secondsLeft, i18n.language) })}
          </Text>
        )}
        {/* The outcome first: a zip's list of results runs to thousands of pixels. */}
        {progress.finished && (
          <>
            <Text fw={600} data-testid="import-summary">
              {t(counts.workouts > counts.imported ? 'workouts.IMPORT.SUMMARY_WITH_LEGS' : 'workouts.IMPORT.SUMMARY', {
                count: counts.imported,
                imported: counts.imported,
                workouts: counts.workouts,
                duplicates: counts.duplicate,
                errors: counts.error,
              })}
            </Text>
            <ErrorGroups results={progress.results} />
            <Group>
              {progress.resumable?.map((taskId) => (
                <Button key={taskId} onClick={() => onResume?.(taskId)} data-testid="resume-import">
                  {t('workouts.IMPORT.RESUME')}
                </Button>
              ))}
              <Button component={Link} to="/" data-testid="go-to-dashboard">
                {t('workouts.IMPORT.GO_TO_DASHBOARD')}
              </Button>
              <Button variant="default" onClick={onAddMore}>
                {t('workouts.IMPORT.ADD_MORE')}
              </Button>
            </Group>
          </>
        )}
        {progress.results.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4}>
              <Table.Tbody>
                {progress.results.map((outcome, index) => (
                  <OutcomeRow key={`${outcome.file}-${index}`} outcome={outcome} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  )
}
