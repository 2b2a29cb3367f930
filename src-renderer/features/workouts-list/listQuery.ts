import { workoutsListQuery, type QueryInputOf, type workoutEndpoints, type workoutOrderBy } from '../../../src/contracts'

/** Page sizes offered by the list (spec §9); the first is the default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const
const DEFAULT_PAGE_SIZE = 10

/** The filters of the list, as the API takes them (km, km/h, `HH:MM` moving time). */
const FILTER_KEYS = [
  'from',
  'to',
  'sport_id',
  'distance_from',
  'distance_to',
  'duration_from',
  'duration_to',
  'ave_speed_from',
  'ave_speed_to',
  'max_speed_from',
  'max_speed_to',
  'title',
  'equipment_id',
] as const
export type FilterKey = (typeof FILTER_KEYS)[number]
export type Filters = Partial<Record<FilterKey, string>>

export type OrderBy = (typeof workoutOrderBy)[number]
export type Order = 'asc' | 'desc'

/** What the list shows: kept in the query string so a reload or a shared link shows the same. */
export interface ListQuery {
  page: number
  per_page: number
  order: Order
  order_by: OrderBy
  filters: Filters
}

export const DEFAULT_QUERY: ListQuery = { page: 1, per_page: DEFAULT_PAGE_SIZE, order: 'desc', order_by: 'workout_date', filters: {} }

const shape = workoutsListQuery.shape

/**
 * Reads the list query from the address. Each value is checked with the API's own rules; an invalid
 * one falls back to its default (or is dropped, for filters) instead of making the call fail.
 */
export function parseListQuery(search: URLSearchParams): ListQuery {
  const page = shape.page.safeParse(search.get('page') ?? undefined)
  const perPage = Number(search.get('per_page'))
  const order = shape.order.safeParse(search.get('order') ?? undefined)
  const orderBy = shape.order_by.safeParse(search.get('order_by') ?? undefined)
  const filters: Filters = {}
  for (const key of FILTER_KEYS) {
    const raw = search.get(key)
    if (raw === null || raw.trim() === '') continue
    const parsed = shape[key].safeParse(raw)
    if (parsed.success && parsed.data !== undefined && String(parsed.data) !== '') filters[key] = raw.trim()
  }
  // A reversed date range would list nothing: keep only its start.
  if (filters.from && filters.to && filters.from > filters.to) delete filters.to
  return {
    page: page.success ? page.data : DEFAULT_QUERY.page,
    per_page: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    order: order.success ? order.data : DEFAULT_QUERY.order,
    order_by: orderBy.success ? orderBy.data : DEFAULT_QUERY.order_by,
    filters,
  }
}

/** The filters the API would refuse (a bad number, date or `hh:mm`). */
export function invalidFilters(filters: Filters): FilterKey[] {
  return FILTER_KEYS.filter((key) => {
    const value = filters[key]
    return value !== undefined && !shape[key].safeParse(value).success
  })
}

/** The query string of a list query, leaving out defaults so plain `/workouts` stays plain. */
export function toSearchParams(query: ListQuery): URLSearchParams {
  const search = new URLSearchParams()
  if (query.page !== DEFAULT_QUERY.page) search.set('page', String(query.page))
  if (query.per_page !== DEFAULT_QUERY.per_page) search.set('per_page', String(query.per_page))
  if (query.order !== DEFAULT_QUERY.order) search.set('order', query.order)
  if (query.order_by !== DEFAULT_QUERY.order_by) search.set('order_by', query.order_by)
  for (const key of FILTER_KEYS) {
    const value = query.filters[key]
    if (value) search.set(key, value)
  }
  return search
}

/** The `GET /workouts` query of a list query. */
export function toApiQuery(query: ListQuery): QueryInputOf<(typeof workoutEndpoints)['listWorkouts']> {
  return { page: query.page, per_page: query.per_page, order: query.order, order_by: query.order_by, ...query.filters }
}

/** True when any filter is set. */
export function hasFilters(query: ListQuery): boolean {
  return Object.keys(query.filters).length > 0
}

/** Items of the page selector: every page up to 8, beyond that the ends and the pages around the current one. */
export type PageItem = number | 'dots'
const MAX_PAGES_WITHOUT_DOTS = 8

export function pageItems(page: number, pages: number): PageItem[] {
  if (pages <= MAX_PAGES_WITHOUT_DOTS) return Array.from({ length: pages }, (_, index) => index + 1)
  const current = Math.min(Math.max(1, page), pages)
  // Near an end, show a run of five so the row keeps the same width.
  const start = Math.max(2, Math.min(current - 1, pages - 4))
  const end = Math.min(pages - 1, Math.max(current + 1, 5))
  const items: PageItem[] = [1]
  if (start > 2) items.push('dots')
  for (let value = start; value <= end; value += 1) items.push(value)
  if (end < pages - 1) items.push('dots')
  items.push(pages)
  return items
}
