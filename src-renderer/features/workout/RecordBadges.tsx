import { Badge, Group } from '@mantine/core'
import { IconTrophy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { UserRecord } from '../../../src/contracts'
import { recordNameKey } from '../../format/records'

/** The personal records this workout holds, speeds named as paces when the user reads the sport as pace; the ascent record only when ascent is displayed. */
export function RecordBadges({ records, displayAscent, pace }: { records: UserRecord[]; displayAscent: boolean; pace: boolean }) {
  const { t } = useTranslation()
  const shown = records.filter((record) => displayAscent || record.record_type !== 'HA')
  if (shown.length === 0) return null
  return (
    <Group gap={6} data-testid="record-badges">
      {shown.map((record) => (
        <Badge
          key={record.id}
          variant="light"
          color="ember"
          leftSection={<IconTrophy size={14} />}
          // Long French and German names wrap on a phone rather than end in an ellipsis.
          h="auto"
          maw="100%"
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          data-testid={`record-${record.record_type}`}
        >
          {t(`workouts.RECORDS.${recordNameKey(record.record_type, pace)}`)}
        </Badge>
      ))}
    </Group>
  )
}
