import { Badge, Card, Group, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Equipment } from '../../../src/contracts'

/** The equipment a workout was done with (nothing when it has none). */
export function WorkoutEquipmentCard({ equipments }: { equipments: readonly Equipment[] }) {
  const { t } = useTranslation()
  if (equipments.length === 0) return null
  return (
    <Card data-testid="workout-equipment">
      <Title order={2} size="h5" mb="xs">
        {t('equipment.TITLE')}
      </Title>
      <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {equipments.map((item) => (
          <li key={item.id}>
            <Badge variant="light" size="lg" tt="none">
              {item.label} · {t(`equipment.TYPES.${item.equipment_type.label}`, { defaultValue: item.equipment_type.label })}
            </Badge>
          </li>
        ))}
      </Group>
    </Card>
  )
}
