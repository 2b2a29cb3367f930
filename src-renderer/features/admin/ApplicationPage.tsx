import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconArrowLeft, IconPencil } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { AppConfig } from '../../../src/contracts'
import { PageLoader } from '../../components/PageLoader'
import { formatNumber } from '../../format/units'
import { useAppState } from '../../session/store'
import { AdminPageTitle } from './AdminPageTitle'
import { ApplicationForm } from './ApplicationForm'
import { bytesToMb } from '../../format/sizes'

function Setting({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  )
}

/** The read-only settings with Edit and Back. */
function ApplicationView({ config }: { config: AppConfig }) {
  const { t, i18n } = useTranslation()
  const megabytes = (bytes: number) => t('admin.APPLICATION.SIZE_MB', { size: formatNumber(bytesToMb(bytes), i18n.language, 2) })
  return (
    <Card data-testid="application-view">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Setting
            label={t('admin.APPLICATION.ADMIN_CONTACT')}
            value={config.admin_contact ?? <Text span c="dimmed" fs="italic">{t('admin.APPLICATION.NO_CONTACT_EMAIL')}</Text>}
            testId="setting-admin-contact"
          />
          <Setting
            label={t('admin.APPLICATION.MAX_USERS')}
            value={config.max_users === 0 ? t('admin.APPLICATION.UNLIMITED') : formatNumber(config.max_users, i18n.language, 0)}
            testId="setting-max-users"
          />
          <Setting label={t('admin.APPLICATION.MAX_SINGLE_FILE_SIZE')} value={megabytes(config.max_single_file_size)} testId="setting-max-single-file-size" />
          <Setting label={t('admin.APPLICATION.MAX_ZIP_FILE_SIZE')} value={megabytes(config.max_zip_file_size)} testId="setting-max-zip-file-size" />
          <Setting label={t('admin.APPLICATION.MAX_FILES_IN_ZIP')} value={formatNumber(config.gpx_limit_import, i18n.language, 0)} testId="setting-max-files-in-zip" />
        </SimpleGrid>
        <Group>
          <Button component={Link} to="/admin/application/edit" leftSection={<IconPencil size={18} />}>
            {t('common.EDIT')}
          </Button>
          <Button component={Link} to="/admin" variant="default" leftSection={<IconArrowLeft size={18} />}>
            {t('admin.BACK')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

/** `/admin/application` (read-only) and `/admin/application/edit`. */
export function ApplicationPage({ editing }: { editing: boolean }) {
  const { t } = useTranslation()
  const config = useAppState((state) => state.config)
  return (
    <Stack gap="lg" data-testid="admin-application">
      <AdminPageTitle
        title={t(editing ? 'admin.APPLICATION.EDIT_TITLE' : 'admin.APPLICATION.TITLE')}
        trail={editing ? [{ label: t('admin.APPLICATION.TITLE'), to: '/admin/application' }] : []}
      />
      {!config ? <PageLoader /> : editing ? <ApplicationForm config={config} /> : <ApplicationView config={config} />}
    </Stack>
  )
}
