import { Box, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconMap2, IconRoute, IconTrophy } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppState } from '../../session/store'

/** The frame of every visitor page: a welcome panel (wide screens) beside a form card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation()
  // Only the desktop app's own server keeps the data on the user's computer; a shared server (or a
  // configuration not yet read) gets the text that is true of any server.
  const desktop = useAppState((state) => state.config?.hosting === 'desktop')
  return (
    <Group align="stretch" justify="center" gap="xl" wrap="nowrap" className="waymark-auth-bg">
      <Stack visibleFrom="md" maw={380} justify="center" gap="lg">
        {/* The tagline looks like a heading but is none: the form's title is the page's heading (on a phone it is alone). */}
        <Text c="var(--waymark-positive-text)" lh={1.1} fz="var(--mantine-h1-font-size)" fw={700} ff="var(--mantine-font-family-headings)">
          {t('common.TAGLINE')}
        </Text>
        <Text c="dimmed" size="lg">
          {t(desktop ? 'common.INTRO_DESKTOP' : 'common.INTRO')}
        </Text>
        {[
          { icon: IconRoute, text: t('common.FEATURE_TRACKS') },
          { icon: IconTrophy, text: t('common.FEATURE_RECORDS') },
          { icon: IconMap2, text: t(desktop ? 'common.FEATURE_PRIVATE_DESKTOP' : 'common.FEATURE_PRIVATE') },
        ].map(({ icon: Glyph, text }) => (
          <Group key={text} gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="ember" radius="xl" size="lg">
              <Glyph size={20} />
            </ThemeIcon>
            <Text>{text}</Text>
          </Group>
        ))}
      </Stack>
      <Box w="100%" maw={440}>
        <Card p="xl">
          <Title order={1} size="h2" mb="md">
            {title}
          </Title>
          {children}
        </Card>
      </Box>
    </Group>
  )
}
