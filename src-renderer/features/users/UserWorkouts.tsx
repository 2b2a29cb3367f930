import { Box, Card, LoadingOverlay, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { steppedPage } from '../../components/useAddressSearch'
import { useLoad } from '../../components/useLoad'
import { useAppState } from '../../session/store'
import { ListPagination } from '../workouts-list/ListPagination'
import { WorkoutsTable } from '../workouts-list/WorkoutsTable'

/** Rows a page of a user's workouts shows. */
const PER_PAGE = 10

/**
 * A user's workouts the viewer may open, newest first, ten a page, in the list's own table (each
 * title leads to the workout); the viewer's own page lists all of theirs.
 */
export function UserWorkouts({ username, own }: { username: string; own: boolean }) {
  const { t } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const [page, setPage] = useState(1)
  const { data, loading, errors } = useLoad(`user-workouts-${username}-${page}`, () => call('listUserWorkouts', { params: { username }, query: { page, per_page: PER_PAGE } }))
  const workouts = data?.data.workouts ?? []
  const pages = data?.pagination.pages ?? 0
  return (
    <Stack gap="sm" data-testid="user-workouts">
      <Title order={2} fz="h3">
        {t('user.WORKOUTS')}
      </Title>
      <ErrorBox keys={errors} />
      <Card p={0}>
        <Box pos="relative" mih={80}>
          <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />
          {workouts.length > 0 ? (
            <WorkoutsTable workouts={workouts} sports={sports} />
          ) : (
            data && (
              <Text c="dimmed" ta="center" p="xl" data-testid="user-workouts-none">
                {own ? t('dashboard.NO_WORKOUTS') : t('user.WORKOUTS_NONE_SHARED', { username })}
              </Text>
            )
          )}
        </Box>
      </Card>
      <ListPagination page={Math.min(page, pages)} pages={pages} onChange={setPage} onStep={(step) => setPage((now) => steppedPage(now, step, pages))} />
    </Stack>
  )
}
