import type { NavigateOptions } from 'react-router-dom'
import { useSearchParams } from 'react-router-dom'

/**
 * The address's query string, and a change that starts from the address as it is now. The router's
 * own updater starts from the last render's, so two quick clicks on "next" before React renders
 * again (or before the page's answer arrives) would both go to the same page.
 */
export function useAddressSearch(): [URLSearchParams, (next: (now: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void] {
  const [search, setSearch] = useSearchParams()
  const change = (next: (now: URLSearchParams) => URLSearchParams, options?: NavigateOptions) =>
    setSearch(next(new URLSearchParams(window.location.search)), options)
  return [search, change]
}

/** The page an arrow leads to from `page`: `step` pages on, kept within 1…`pages`. */
export function steppedPage(page: number, step: number, pages: number): number {
  return Math.min(Math.max(page + step, 1), pages)
}
