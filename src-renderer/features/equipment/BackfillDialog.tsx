import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Equipment } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { useDateInputFormat } from '../../components/useDateInputFormat'
import { useLoad } from '../../components/useLoad'
import { dayInZone, formatDate, parseServerDate } from '../../format/dates'
import { useAppState } from '../../session/store'

/**
 * Offers an item for the earlier workouts of its default sports that have none of its type (files
 * imported before it was entered): how many, between which days (all by default), then adds it to
 * them at once; its totals follow.
 */
export function BackfillDialog({ item, onClose, onDone }: { item: Equipment | null; onClose: () => void; onDone: (item: Equipment, count: number) => void }) {
  const { t } = useTranslation()
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('equipment.BACKFILL.TITLE', { label: item?.label ?? '' })} size="lg" closeButtonProps={{ 'aria-label': t('common.CLOSE') }}>
      {/* Mounted per item: its days start empty (every date). */}
      {item && <BackfillForm key={item.id} item={item} onClose={onClose} onDone={onDone} />}
    </Modal>
  )
}

function BackfillForm({ item, onClose, onDone }: { item: Equipment; onClose: () => void; onDone: (item: Equipment, count: number) => void }) {
  const { t } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const timezone = useAppState((state) => state.profile?.timezone) ?? 'UTC'
  const dateFormat = useDateInputFormat()
  const [from, setFrom] = useState<string | null>(null)
  const [to, setTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const days = { ...(from ? { from } : {}), ...(to ? { to } : {}) }
  const { data, loading, errors: loadErrors } = useLoad(`backfill-${item.id}-${from ?? ''}-${to ?? ''}`, () => call('getEquipmentBackfill', { params: { id: item.id }, query: days }))
  const count = data?.data.workouts_count ?? 0
  const day = (value: string | null | undefined) => (value ? formatDate(dayInZone(parseServerDate(value).toDate(), timezone) ?? value) : '')
  const sportNames = sports
    .filter((sport) => item.default_for_sport_ids.includes(sport.id))
    .map((sport) => t(`sports.${sport.label}`, { defaultValue: sport.label }))
    .join(', ')

  const apply = async () => {
    setBusy(true)
    setErrors([])
    try {
      const answer = await call('applyEquipmentBackfill', { params: { id: item.id }, body: days })
      onDone(answer.data.equipments[0] ?? item, answer.data.workouts_count)
    } catch (error) {
      setErrors(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }
  const date = (label: string, value: string | null, set: (value: string | null) => void, testId: string) => (
    <DateInput
      label={label}
      value={value}
      onChange={set}
      valueFormat={dateFormat.valueFormat}
      placeholder={t('equipment.BACKFILL.ANY_DATE')}
      clearable
      clearButtonProps={{ 'aria-label': t('equipment.BACKFILL.CLEAR_DATE', { label }) }}
      data-testid={testId}
      popoverProps={{ withinPortal: true }}
    />
  )

  return (
    <Stack gap="sm" data-testid="backfill">
      <Text size="sm">{t('equipment.BACKFILL.INTRO', { label: item.label, sports: sportNames })}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {date(t('equipment.BACKFILL.FROM'), from, setFrom, 'backfill-from')}
        {date(t('equipment.BACKFILL.TO'), to, setTo, 'backfill-to')}
      </SimpleGrid>
      <ErrorBox keys={[...loadErrors, ...errors]} />
      {/* Read out when the days change the count. */}
      <Text size="sm" fw={600} aria-live="polite" data-testid="backfill-count">
        {data &&
          !loading &&
          (count === 0
            ? t('equipment.BACKFILL.NONE')
            : t('equipment.BACKFILL.COUNT', { count, first: day(data.data.first_workout_date), last: day(data.data.last_workout_date) }))}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('equipment.BACKFILL.NOT_NOW')}
        </Button>
        <Button onClick={() => void apply()} loading={busy} disabled={loading || count === 0} data-testid="backfill-apply">
          {t('equipment.BACKFILL.APPLY', { count })}
        </Button>
      </Group>
    </Stack>
  )
}
