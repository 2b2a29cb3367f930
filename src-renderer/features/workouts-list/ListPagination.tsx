import { Group, Pagination } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { pageItems } from './listQuery'

/**
 * Page buttons: all of them up to 8 pages, beyond that the ends and the neighbours with dots. The
 * arrows step from the page the address shows now (`onStep`), so two quick clicks move two pages.
 */
export function ListPagination({ page, pages, onChange, onStep }: { page: number; pages: number; onChange: (page: number) => void; onStep: (step: number) => void }) {
  const { t } = useTranslation()
  if (pages <= 1) return null
  return (
    <Pagination.Root
      total={pages}
      value={page}
      onChange={onChange}
      getItemProps={(value) => ({ 'aria-label': t('dashboard.LIST.PAGE', { page: value }) })}
      data-testid="workouts-pagination"
    >
      <Group gap={4} justify="center" component="nav" aria-label={t('dashboard.LIST.PAGINATION')}>
        <Pagination.Previous aria-label={t('dashboard.LIST.PREVIOUS_PAGE')} onClick={() => onStep(-1)} />
        {pageItems(page, pages).map((item, index) =>
          item === 'dots' ? (
            <Pagination.Dots key={`dots-${index}`} data-testid="pagination-dots" />
          ) : (
            <Pagination.Control
              key={item}
              active={item === page}
              onClick={() => onChange(item)}
              aria-label={t('dashboard.LIST.PAGE', { page: item })}
              aria-current={item === page ? 'page' : undefined}
            >
              {item}
            </Pagination.Control>
          ),
        )}
        <Pagination.Next aria-label={t('dashboard.LIST.NEXT_PAGE')} onClick={() => onStep(1)} />
      </Group>
    </Pagination.Root>
  )
}
