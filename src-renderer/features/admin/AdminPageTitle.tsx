import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'

/**
 * The heading of an admin page, with a trail back to the admin menu; `heading={false}` keeps
 * only the trail, for pages whose first card already names them.
 */
export function AdminPageTitle({ title, trail = [], heading = true }: { title: string; trail?: { label: string; to: string }[]; heading?: boolean }) {
  const { t } = useTranslation()
  const links = [{ label: t('admin.TITLE'), to: '/admin' }, ...trail]
  return (
    <Stack gap={4}>
      <Breadcrumbs separatorMargin={6} data-testid="admin-breadcrumbs">
        {links.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ))}
        <Text size="sm" c="dimmed">
          {title}
        </Text>
      </Breadcrumbs>
      {heading && (
        <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
      )}
    </Stack>
  )
}
