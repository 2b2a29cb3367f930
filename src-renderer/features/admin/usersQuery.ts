import { usersOrderBy } from '../../../src/contracts'

type UsersOrderBy = (typeof usersOrderBy)[number]
export type SortOrder = 'asc' | 'desc'

/** Page sizes offered on the users list (spec §9). */
export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const
/** The largest page the API serves. */
const MAX_PER_PAGE = 100
export const SORT_ORDERS: readonly SortOrder[] = ['asc', 'desc']

/** The users list state, kept in the address bar so it survives reloads and Back. */
export interface UsersQuery {
  page: number
  per_page: number
  order: SortOrder
  order_by: UsersOrderBy
  /** Username filter; empty for none. */
  q: string
}

export const DEFAULT_USERS_QUERY: UsersQuery = { page: 1, per_page: 10, order: 'asc', order_by: 'created_at', q: '' }

function positiveInt(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null
  const value = Number(text)
  return value > 0 ? value : null
}

const isOrderBy = (value: string | null): value is UsersOrderBy => (usersOrderBy as readonly (string | null)[]).includes(value)

/**
 * Reads the list state from the query string (spec §5): page and per_page positive numbers
 * (per_page at most what the API serves), order asc or desc, order_by from the allowed list,
 * each falling back to its default; q trimmed.
 */
export function parseUsersQuery(params: URLSearchParams): UsersQuery {
  const perPage = positiveInt(params.get('per_page'))
  const order = params.get('order')
  const orderBy = params.get('order_by')
  return {
    page: positiveInt(params.get('page')) ?? DEFAULT_USERS_QUERY.page,
    per_page: perPage !== null && perPage <= MAX_PER_PAGE ? perPage : DEFAULT_USERS_QUERY.per_page,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_USERS_QUERY.order,
    order_by: isOrderBy(orderBy) ? orderBy : DEFAULT_USERS_QUERY.order_by,
    q: (params.get('q') ?? '').trim(),
  }
}

/** The query string for a list state; an empty filter is left out. */
export function usersQueryParams(query: UsersQuery): URLSearchParams {
  const params = new URLSearchParams({
    page: String(query.page),
    per_page: String(query.per_page),
    order: query.order,
    order_by: query.order_by,
  })
  if (query.q) params.set('q', query.q)
  return params
}
