import { Alert, Anchor, List } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { call } from '../../api/client'
import { useLoad } from '../../components/useLoad'
import { useWearSettings, wearText } from './wear'

/**
 * The dashboard's notice of equipment due for replacement (issue 32): each active item or fitted
 * component that reached the limit its owner set, with how far it went. Nothing when none is due.
 */
export function WearNotice() {
  const { t, i18n } = useTranslation()
  const { imperial } = useWearSettings()
  const { data } = useLoad('equipment-wear', () => call('listWornEquipment'))
  const worn = data?.data.worn ?? []
  if (worn.length === 0) return null
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('equipment.NOTICE_TITLE')}
      // The light variant's orange title lacks contrast on its tint in light mode: text colour, the tint and icon say "warning".
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="wear-notice"
    >
      <List size="sm" spacing={4}>
        {worn.map((entry) => {
          const wear = wearText(t, i18n.language, entry, imperial)
          return (
            <List.Item key={entry.component_id ?? entry.equipment_id}>
              {entry.component_label === null
                ? t('equipment.NOTICE_ITEM', { label: entry.equipment_label, wear })
                : t('equipment.NOTICE_COMPONENT', { component: entry.component_label, label: entry.equipment_label, wear })}
            </List.Item>
          )
        })}
      </List>
      <Anchor component={Link} to="/equipment" size="sm" mt="xs" display="inline-block">
        {t('equipment.NOTICE_LINK')}
      </Anchor>
    </Alert>
  )
}
