import { Anchor, Container, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useAppState } from '../session/store'

/** Where the user documentation lives. */
export const DOCUMENTATION_URL = 'https://github.com/waymark-app/waymark#readme'
export const SOURCE_URL = 'https://github.com/waymark-app/waymark'

/** Name, version, about, contact (only when an admin contact is set) and documentation. */
export function Footer() {
  const { t } = useTranslation()
  const config = useAppState((state) => state.config)
  return (
    <Container size="lg" py="lg" className="waymark-footer" component="footer">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          <strong>{t('common.APP_NAME')}</strong> {config?.version ? `v${config.version}` : ''}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/about" size="sm" c="dimmed">
            {t('common.ABOUT')}
          </Anchor>
          {config?.admin_contact && (
            <Anchor href={`mailto:${config.admin_contact}`} size="sm" c="dimmed" data-testid="footer-contact">
              {t('common.CONTACT')}
            </Anchor>
          )}
          <Anchor href={DOCUMENTATION_URL} target="_blank" rel="noopener noreferrer" size="sm" c="dimmed">
            {t('common.DOCUMENTATION')}
          </Anchor>
        </Group>
      </Group>
    </Container>
  )
}
