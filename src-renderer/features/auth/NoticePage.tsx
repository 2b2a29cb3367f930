import { Button, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { AuthCard } from './AuthCard'

export type NoticeKind = 'email-sent' | 'reset-sent' | 'password-updated'

const TEXTS: Record<NoticeKind, { title: string; text: string }> = {
  'email-sent': { title: 'user.ACCOUNT_CONFIRMATION_SENT_TITLE', text: 'user.ACCOUNT_CONFIRMATION_SENT' },
  'reset-sent': { title: 'user.PASSWORD_RESET_SENT_TITLE', text: 'user.PASSWORD_RESET_SENT' },
  'password-updated': { title: 'user.PASSWORD_UPDATED_TITLE', text: 'user.PASSWORD_UPDATED' },
}

/** The notices that end the e-mail flows: confirmation sent, reset sent, password updated. */
export function NoticePage({ kind }: { kind: NoticeKind }) {
  const { t } = useTranslation()
  const Glyph = kind === 'password-updated' ? IconCircleCheck : IconMailForward
  return (
    <AuthCard title={t(TEXTS[kind].title)}>
      <Stack align="center" ta="center" data-testid={`notice-${kind}`}>
        <ThemeIcon size={64} radius="xl" variant="light">
          <Glyph size={38} />
        </ThemeIcon>
        <Text>{t(TEXTS[kind].text)}</Text>
        <Button component={Link} to="/login" variant="light">
          {t('user.BACK_TO_LOGIN')}
        </Button>
      </Stack>
    </AuthCard>
  )
}
