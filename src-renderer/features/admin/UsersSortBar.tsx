import { Select, SimpleGrid } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { usersOrderBy } from '../../../src/contracts'
import { PER_PAGE_CHOICES, SORT_ORDERS, type UsersQuery } from './usersQuery'

/** Sort column, direction and page size of the users list. */
export function UsersSortBar({ query, onChange }: { query: UsersQuery; onChange: (changes: Partial<UsersQuery>) => void }) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <Select
        label={t('admin.USERS.SORT_BY')}
        data={usersOrderBy.map((value) => ({ value, label: t(`admin.USERS.ORDER_BY.${value}`) }))}
        value={query.order_by}
        onChange={(value) => value && onChange({ order_by: value })}
        allowDeselect={false}
        data-testid="users-order-by"
      />
      <Select
        label={t('admin.USERS.ORDER')}
        data={SORT_ORDERS.map((value) => ({ value, label: t(`admin.USERS.ORDERS.${value}`) }))}
        value={query.order}
        onChange={(value) => value && onChange({ order: value })}
        allowDeselect={false}
        data-testid="users-order"
      />
      <Select
        label={t('admin.USERS.PER_PAGE')}
        // A size typed in the address joins the choices, so the select never shows blank.
        data={[...new Set([...PER_PAGE_CHOICES, query.per_page])].sort((a, b) => a - b).map(String)}
        value={String(query.per_page)}
        onChange={(value) => value && onChange({ per_page: Number(value) })}
        allowDeselect={false}
        data-testid="users-per-page"
      />
    </SimpleGrid>
  )
}
