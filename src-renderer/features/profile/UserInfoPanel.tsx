import { Card, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicUser } from '../../../src/contracts'
import { AlertBox } from '../../components/AlertBox'
import { formatDate, formatDateTime } from '../../format/dates'

function Field({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text data-testid={testId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Stack>
  )
}

/**
 * The information panel: registration date (`dd/MM/yyyy HH:mm` in the viewer's timezone), names,
 * birth date (`dd/MM/yyyy`), location and bio; the inactive-account warning when it applies.
 */
export function UserInfoPanel({ user, timezone, actions }: { user: PublicUser; timezone?: string; actions?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Card data-testid="user-info">
      <Stack>
        {!user.is_active && <AlertBox kind="warning">{t('user.THIS_USER_ACCOUNT_IS_INACTIVE')}</AlertBox>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label={t('user.REGISTRATION_DATE')} value={formatDateTime(user.created_at, timezone)} testId="info-registration" />
          <Field label={t('user.FIRST_NAME')} value={user.first_name} testId="info-first-name" />
          <Field label={t('user.LAST_NAME')} value={user.last_name} testId="info-last-name" />
          <Field label={t('user.BIRTH_DATE')} value={user.birth_date ? formatDate(user.birth_date) : ''} testId="info-birth-date" />
          <Field label={t('user.LOCATION')} value={user.location} testId="info-location" />
        </SimpleGrid>
        <Field label={t('user.BIO')} value={user.bio} testId="info-bio" />
        {actions}
      </Stack>
    </Card>
  )
}
