import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Equipment, EquipmentBackfilledResponse } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { AlertBox } from '../../components/AlertBox'
import { ErrorBox } from '../../components/ErrorBox'
import { useDateInputFormat } from '../../components/useDateInputFormat'
import { useLoad } from '../../components/useLoad'
import { dayInZone, formatDate, parseServerDate } from '../../format/dates'
import { useAppState } from '../../session/store'

type Applied = EquipmentBackfilledResponse['data']

/**
 * The offer of an item for earlier workouts wherever its default sports change (the Equipment page,
 * the sports' default equipment), its outcome and its undo. `offer` opens the dialog only when some
 * earlier workout lacks an item of its type; `open` always (the item's own link). The outcome says
 * how many workouts got the item and can be undone: the server takes it off exactly the workouts
 * that offer added it to, except those whose equipment was set by hand since. `onChange` follows
 * every change of the item's totals.
 */
export function useBackfillOffer(onChange: () => void): { offer: (item: Equipment | undefined) => Promise<void>; open: (item: Equipment) => void; clear: () => void; notice: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation()
  const [offered, setOffered] = useState<Equipment | null>(null)
  const [applied, setApplied] = useState<{ label: string; id: string; data: Applied } | null>(null)
  const [undone, setUndone] = useState<{ label: string; count: number } | null>(null)
  const [undoing, setUndoing] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const clear = () => {
    setApplied(null)
    setUndone(null)
    setErrors([])
  }

  const offer = async (item: Equipment | undefined) => {
    if (!item?.is_active || item.default_for_sport_ids.length === 0) return
    const preview = await call('getEquipmentBackfill', { params: { id: item.id }, query: {} })
    if (preview.data.workouts_count > 0) setOffered(item)
  }
  const undo = async () => {
    if (!applied) return
    setUndoing(true)
    setErrors([])
    try {
      const answer = await call('undoEquipmentBackfill', { params: { id: applied.id, backfillId: applied.data.backfill_id } })
      setApplied(null)
      setUndone({ label: applied.label, count: answer.data.workouts_count })
      onChange()
    } catch (error) {
      setErrors(errorKeysOfUnknown(error))
    } finally {
      setUndoing(false)
    }
  }

  const notice = (
    <>
      <ErrorBox keys={errors} />
      {applied && (
        <AlertBox kind="success">
          <Group justify="space-between" gap="xs">
            <span data-testid="backfilled">{t('equipment.BACKFILL.DONE', { label: applied.label, count: applied.data.workouts_count })}</span>
            <Button
              size="compact-sm"
              variant="default"
              loading={undoing}
              onClick={() => void undo()}
              aria-label={t('equipment.BACKFILL.UNDO_ITEM', { label: applied.label, count: applied.data.workouts_count })}
              data-testid="backfill-undo"
            >
              {t('equipment.BACKFILL.UNDO')}
            </Button>
          </Group>
        </AlertBox>
      )}
      {undone && (
        <AlertBox kind="success">
          <span data-testid="backfill-undone">{t('equipment.BACKFILL.UNDONE', { label: undone.label, count: undone.count })}</span>
        </AlertBox>
      )}
    </>
  )
  const dialog = (
    <BackfillDialog
      item={offered}
      onClose={() => setOffered(null)}
      onDone={(item, data) => {
        setOffered(null)
        setUndone(null)
        setApplied({ label: item.label, id: item.id, data })
        onChange()
      }}
    />
  )
  return { offer, open: setOffered, clear, notice, dialog }
}

/**
 * Offers an item for the earlier workouts of its default sports that have none of its type (files
 * imported before it was entered): how many, between which days (all by default), then adds it to
 * them at once; its totals follow.
 */
function BackfillDialog({ item, onClose, onDone }: { item: Equipment | null; onClose: () => void; onDone: (item: Equipment, applied: Applied) => void }) {
  const { t } = useTranslation()
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('equipment.BACKFILL.TITLE', { label: item?.label ?? '' })} size="lg" closeButtonProps={{ 'aria-label': t('common.CLOSE') }}>
      {/* Mounted per item: its days start empty (every date). */}
      {item && <BackfillForm key={item.id} item={item} onClose={onClose} onDone={onDone} />}
    </Modal>
  )
}

function BackfillForm({ item, onClose, onDone }: { item: Equipment; onClose: () => void; onDone: (item: Equipment, applied: Applied) => void }) {
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
      onDone(answer.data.equipments[0] ?? item, answer.data)
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
