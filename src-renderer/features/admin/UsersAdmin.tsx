import { Button, Card, Center, Group, Pagination, Stack, Text } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import type { Pagination as PageInfo, User } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { AlertBox } from '../../components/AlertBox'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { steppedPage, useAddressSearch } from '../../components/useAddressSearch'
import { useAppState } from '../../session/store'
import { preferencesOf } from '../profile/preferences'
import { AdminPageTitle } from './AdminPageTitle'
import { UsersFilter } from './UsersFilter'
import { UsersSortBar } from './UsersSortBar'
import { UsersTable } from './UsersTable'
import { parseUsersQuery, usersQueryParams, type UsersQuery } from './usersQuery'

interface Loaded {
  /** The query string this answer is for. */
  search: string
  users: User[]
  pagination: PageInfo
  /** Accounts waiting for activation (listed first). */
  pending: number
}

/**
 * `/admin/users`: the username filter, sort and page-size selects (all kept in the query string),
 * the table and the pagination.
 */
export function UsersAdmin() {
  const { t } = useTranslation()
  const location = useLocation()
  const [searchParams, changeSearch] = useAddressSearch()
  const query = parseUsersQuery(searchParams)
  const search = usersQueryParams(query).toString()
  const me = useAppState((state) => state.profile?.username ?? '')
  const timezone = useAppState((state) => (state.profile ? preferencesOf(state.profile).timezone : undefined))
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busyUser, setBusyUser] = useState<string | null>(null)
  const [reloads, setReloads] = useState(0)

  useEffect(() => {
    let current = true
    const { page, per_page, order, order_by, q } = parseUsersQuery(new URLSearchParams(search))
    call('listUsers', { query: { page, per_page, order, order_by, ...(q ? { q } : {}) } })
      .then((response) => {
        if (!current) return
        setErrorKeys([])
        setLoaded({ search, users: response.data.users, pagination: response.pagination, pending: response.data.pending })
      })
      .catch((error: unknown) => current && setErrorKeys(errorKeysOfUnknown(error)))
    return () => {
      current = false
    }
  }, [search, reloads])

  // Any change of filter, sort or size starts again from the first page.
  const change = (changes: Partial<UsersQuery>) => changeSearch((address) => usersQueryParams({ ...parseUsersQuery(address), page: 1, ...changes }))
  // The arrows step from the page the address shows now, so two quick clicks move two pages.
  const toPage = (page: (now: number) => number) =>
    changeSearch((address) => {
      const now = parseUsersQuery(address)
      return usersQueryParams({ ...now, page: page(now.page) })
    })

  const update = async (user: User, body: { admin: boolean } | { activate: true }) => {
    setBusyUser(user.username)
    setErrorKeys([])
    try {
      await call('updateUser', { params: { username: user.username }, body })
      setReloads((count) => count + 1)
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusyUser(null)
    }
  }

  const listAddress = `${location.pathname}${location.search}`
  return (
    <Stack gap="lg" data-testid="admin-users">
      <AdminPageTitle title={t('admin.USERS.TITLE')} />
      <Card>
        <Stack gap="sm">
          <UsersFilter key={query.q} value={query.q} onSubmit={(q) => change({ q })} />
          <UsersSortBar query={query} onChange={change} />
        </Stack>
      </Card>
      <ErrorBox keys={errorKeys} />
      {loaded && loaded.pending > 0 && (
        <AlertBox kind="warning">
          <span data-testid="pending-notice">{t('admin.USERS.PENDING', { count: loaded.pending })}</span>
        </AlertBox>
      )}
      {!loaded ? (
        errorKeys.length === 0 && <PageLoader />
      ) : loaded.users.length === 0 ? (
        <Card>
          <Text ta="center" c="dimmed" data-testid="no-users">
            {t('admin.USERS.NO_USERS_FOUND')}
          </Text>
        </Card>
      ) : (
        <Card p={0} style={{ opacity: loaded.search === search ? 1 : 0.6 }}>
          <UsersTable
            users={loaded.users}
            me={me}
            timezone={timezone}
            busyUser={busyUser}
            onToggleAdmin={(user) => void update(user, { admin: !user.admin })}
            onActivate={(user) => void update(user, { activate: true })}
            from={listAddress}
          />
        </Card>
      )}
      {loaded && loaded.pagination.pages > 1 && (
        <Center>
          <Pagination
            total={loaded.pagination.pages}
            value={Math.min(query.page, loaded.pagination.pages)}
            onChange={(page) => toPage(() => page)}
            // All pages up to 8, an ellipsis beyond (spec §9).
            siblings={1}
            boundaries={2}
            getControlProps={(control) => ({
              'aria-label': t(`admin.USERS.PAGE_CONTROLS.${control}`),
              ...(control === 'next' || control === 'previous'
                ? { onClick: () => toPage((now) => steppedPage(now, control === 'next' ? 1 : -1, loaded.pagination.pages)) }
                : {}),
            })}
            getItemProps={(page) => ({ 'aria-label': t('admin.USERS.PAGE', { page }) })}
            data-testid="users-pagination"
          />
        </Center>
      )}
      {loaded && (
        <Text size="sm" c="dimmed" ta="center" data-testid="users-total">
          {t('admin.USERS.TOTAL', { total: loaded.pagination.total })}
        </Text>
      )}
      <Group>
        <Button component={Link} to="/admin" variant="default" leftSection={<IconArrowLeft size={18} />}>
          {t('admin.BACK')}
        </Button>
      </Group>
    </Stack>
  )
}
