import type { Pagination } from '../../src/contracts'

/** The reference tracker's page description of a list: `total` items, `perPage` a page, the caller on page `page`. */
export function paginationOf(page: number, perPage: number, total: number): Pagination {
  const pages = Math.ceil(total / perPage)
  return { page, pages, total, has_prev: page > 1, has_next: page < pages }
}
