import { Anchor, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconBook, IconBrandGithub, IconLicense, IconMail } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { DOCUMENTATION_URL, SOURCE_URL } from '../../app/Footer'
import { useAppState } from '../../session/store'

const LICENCE_URL = 'https://www.gnu.org/licenses/agpl-3.0.html'

/** About: description, documentation and source links, licence, contact when configured. */
export function AboutPage() {
  const { t } = useTranslation()
  const config = useAppState((state) => state.config)
  return (
    <Stack maw={720} mx="auto" data-testid="about-page">
      <Title order={1}>{t('about.TITLE')}</Title>
      <Card>
        <Stack>
          <Text>{t('about.DESCRIPTION')}</Text>
          <Text c="dimmed" size="sm">
            {t('about.VERSION', { version: config?.version ?? '' })}
          </Text>
          <List spacing="sm" center>
            <List.Item icon={<ThemeIcon variant="light" radius="xl"><IconBook size={16} /></ThemeIcon>}>
              <Anchor href={DOCUMENTATION_URL} target="_blank" rel="noopener noreferrer">
                {t('common.DOCUMENTATION')}
              </Anchor>
            </List.Item>
            <List.Item icon={<ThemeIcon variant="light" radius="xl"><IconBrandGithub size={16} /></ThemeIcon>}>
              <Anchor href={SOURCE_URL} target="_blank" rel="noopener noreferrer">
                {t('about.SOURCE_CODE')}
              </Anchor>
            </List.Item>
            <List.Item icon={<ThemeIcon variant="light" radius="xl"><IconLicense size={16} /></ThemeIcon>}>
              {t('about.LICENCE_PREFIX')}{' '}
              <Anchor href={LICENCE_URL} target="_blank" rel="noopener noreferrer">
                {t('about.LICENCE')}
              </Anchor>
            </List.Item>
            {config?.admin_contact && (
              <List.Item icon={<ThemeIcon variant="light" radius="xl"><IconMail size={16} /></ThemeIcon>}>
                <Anchor href={`mailto:${config.admin_contact}`} data-testid="about-contact">
                  {t('about.CONTACT_ADMIN')}
                </Anchor>
              </List.Item>
            )}
          </List>
        </Stack>
      </Card>
    </Stack>
  )
}
