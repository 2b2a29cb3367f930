import { Box, Button, Card, Collapse, Group, LoadingOverlay, Select, Stack, Text, Title } from '@mantine/core'
import { IconFilter, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { steppedPage, useAddressSearch } from '../../components/useAddressSearch'
import { useAppState } from '../../session/store'
import { ListPagination } from './ListPagination'
import { hasFilters, PAGE_SIZES, parseListQuery, toSearchParams, type Filters, type ListQuery } from './listQuery'
import { ListTotals } from './ListTotals'
import { useWorkoutsList } from './useWorkoutsList'
import { WorkoutsFilters } from './WorkoutsFilters'
import { WorkoutsTable } from './WorkoutsTable'

/** The workouts list: filters, sortable table, page size and pages, all kept in the query string. */
export function WorkoutsListPage() {
  const { t } = useTranslation()
  const profile = useAppState((state) => state.profile)
  const sports = useAppState((state) => state.sports)
  const [search, changeSearch] = useAddressSearch()
  const query = parseListQuery(search)
  const [filtersShown, setFiltersShown] = useState(() => hasFilters(query))
  const { response, loading, errors } = useWorkoutsList(query)

  const update = (patch: (now: ListQuery) => Partial<ListQuery>) =>
    changeSearch((address) => {
      const now = parseListQuery(address)
      return toSearchParams({ ...now, ...patch(now) })
    })
  const applyFilters = (filters: Filters) => update(() => ({ filters, page: 1 }))
  // The pager sits under the table: the next page starts at its top.
  const toPage = (page: (now: number) => number) => {
    update((now) => ({ page: page(now.page) }))
    window.scrollTo({ top: 0 })
  }

  if (!profile) return <PageLoader />
  const workouts = response?.data.workouts ?? []
  const pagination = response?.pagination

  return (
    <Stack data-testid="workouts-list">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('common.WORKOUTS')}</Title>
        <Group gap="sm">
          <Button
            variant={filtersShown ? 'light' : 'default'}
            leftSection={<IconFilter size={18} />}
            onClick={() => setFiltersShown(!filtersShown)}
            aria-expanded={filtersShown}
            data-testid="filters-toggle"
          >
            {t(filtersShown ? 'dashboard.LIST.HIDE_FILTERS' : 'dashboard.LIST.SHOW_FILTERS')}
          </Button>
          <Button component={Link} to="/workouts/add" leftSection={<IconPlus size={18} />}>
            {t('common.ADD_WORKOUT')}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={filtersShown}>
        {/* Remounted when the address changes so the form shows what the list shows. */}
        <WorkoutsFilters key={search.toString()} filters={query.filters} sports={sports} imperial={profile.imperial_units ?? false} onApply={applyFilters} />
      </Collapse>
      <ErrorBox keys={errors} />
      {response && <ListTotals totals={response.data.totals} />}
      <Card p={0}>
        <Box pos="relative" mih={120}>
          <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />
          {workouts.length > 0 ? (
            <WorkoutsTable
              workouts={workouts}
              sports={sports}
              sorting={{ order: query.order, orderBy: query.order_by, onSort: (orderBy, order) => update(() => ({ order_by: orderBy, order, page: 1 })) }}
            />
          ) : (
            !loading && (
              <Text c="dimmed" ta="center" p="xl" data-testid="workouts-none">
                {t('dashboard.NO_WORKOUTS')}
              </Text>
            )
          )}
        </Box>
      </Card>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Select
          w={190}
          label={t('dashboard.LIST.PAGE_SIZE')}
          value={String(query.per_page)}
          onChange={(value) => update(() => ({ per_page: Number(value ?? PAGE_SIZES[0]), page: 1 }))}
          data={PAGE_SIZES.map((size) => String(size))}
          allowDeselect={false}
          data-testid="page-size"
        />
        {pagination && (
          <ListPagination
            page={Math.min(query.page, pagination.pages)}
            pages={pagination.pages}
            onChange={(page) => toPage(() => page)}
            onStep={(step) => toPage((now) => steppedPage(now, step, pagination.pages))}
          />
        )}
      </Group>
    </Stack>
  )
}
