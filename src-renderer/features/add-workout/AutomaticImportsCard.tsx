import { Anchor, Badge, Card, Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { AutomaticImport, AutomaticImportsResponse } from '../../../src/contracts'

const STATUS_COLOR: Record<AutomaticImport['status'], string> = { in_progress: 'blue', imported: 'pine', duplicate: 'yellow', error: 'red' }

function EntryRow({ entry }: { entry: AutomaticImport }) {
  const { t, i18n } = useTranslation()
  const taken = new Date(entry.taken_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Table.Tr data-testid="automatic-import" data-status={entry.status}>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.file}
        </Text>
        <Text size="xs" c="dimmed">
          {taken}
        </Text>
      </Table.Td>
      <Table.Td w="1%" style={{ whiteSpace: 'nowrap' }}>
        <Badge color={STATUS_COLOR[entry.status]} variant="light" styles={{ label: { overflow: 'visible' } }}>
          {t(`workouts.AUTOMATIC.STATUS.${entry.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {entry.code ? (
          <Text size="sm" c="red.8" data-testid="automatic-import-reason">
            {t(`api.ERROR.${entry.code}`)}
          </Text>
        ) : (
          <Stack gap={0}>
            {entry.workout_ids.map((id, index) => (
              <Anchor key={id} component={Link} to={`/workouts/${id}`} size="sm">
                {entry.workout_ids.length > 1 ? t('workouts.AUTOMATIC.SEE_WORKOUT_N', { number: index + 1 }) : t('workouts.IMPORT.SEE_WORKOUT')}
              </Anchor>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

/**
 * The files the server took from the user's watched folders, and what became of each; shown only
 * to users who have watched folders (set with `--watch-folder`, or in the desktop settings).
 */
export function AutomaticImportsCard({ answer }: { answer: AutomaticImportsResponse['data'] }) {
  const { t } = useTranslation()
  if (answer.folders.length === 0 && answer.imports.length === 0) return null
  return (
    <Card data-testid="automatic-imports">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('workouts.AUTOMATIC.TITLE')}
        </Title>
        {answer.folders.map(({ folder, state }) => (
          <Text key={folder} size="sm" c={state === 'watching' ? undefined : 'red.8'} data-testid="watched-folder" data-state={state}>
            {t(`workouts.AUTOMATIC.FOLDER.${state}`, { folder })}
          </Text>
        ))}
        {answer.imports.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('workouts.AUTOMATIC.NONE_YET')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4}>
              <Table.Tbody>
                {answer.imports.map((entry) => (
                  <EntryRow key={`${entry.folder}/${entry.file}`} entry={entry} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  )
}
