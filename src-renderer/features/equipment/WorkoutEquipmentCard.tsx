import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Equipment, Workout } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { EquipmentPicker } from './EquipmentPicker'

/**
 * The equipment a workout was done with. Others see it only when it has some; its owner always,
 * and sets it here (an item entered after the workout was imported, say) without the edit form.
 */
export function WorkoutEquipmentCard({ workout, own }: { workout: Pick<Workout, 'id' | 'sport_id' | 'equipments'>; own: boolean }) {
  const { t } = useTranslation()
  const [items, setItems] = useState<readonly Equipment[]>(workout.equipments)
  const [choosing, setChoosing] = useState<string[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  if (items.length === 0 && !own) return null

  const save = async (ids: string[]) => {
    setBusy(true)
    setErrors([])
    try {
      const answer = await call('updateWorkout', { params: { id: workout.id }, body: { equipment_ids: ids } })
      setItems(answer.data.workouts[0]?.equipments ?? [])
      setChoosing(null)
    } catch (error) {
      setErrors(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card data-testid="workout-equipment">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h5">
          {t('equipment.TITLE')}
        </Title>
        {own && choosing === null && (
          <Button size="compact-sm" variant="default" onClick={() => setChoosing(items.map((item) => item.id))}>
            {t(items.length === 0 ? 'equipment.WORKOUT.CHOOSE' : 'equipment.WORKOUT.CHANGE')}
          </Button>
        )}
      </Group>
      {choosing === null ? (
        items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="workout-equipment-none">
            {t('equipment.WORKOUT.NONE')}
          </Text>
        ) : (
          <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <li key={item.id}>
                <Badge variant="light" size="lg" tt="none">
                  {item.label} · {t(`equipment.TYPES.${item.equipment_type.label}`, { defaultValue: item.equipment_type.label })}
                </Badge>
              </li>
            ))}
          </Group>
        )
      ) : (
        <Stack gap="sm">
          {/* The items it has stay offered even when retired since. */}
          <EquipmentPicker sportId={String(workout.sport_id)} value={choosing} onChange={(ids) => setChoosing(ids)} keep={items.map((item) => item.id)} />
          <ErrorBox keys={errors} />
          <Group gap="sm">
            <Button size="compact-sm" loading={busy} onClick={() => void save(choosing)}>
              {t('equipment.WORKOUT.SAVE')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setChoosing(null)}>
              {t('common.CANCEL')}
            </Button>
            {/* Items are entered on their own page. */}
            <Anchor component={Link} to="/equipment" size="sm" underline="always">
              {t('equipment.WORKOUT.MANAGE')}
            </Anchor>
          </Group>
        </Stack>
      )}
    </Card>
  )
}
