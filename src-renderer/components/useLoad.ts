import { startTransition, useEffect, useEffectEvent, useState } from 'react'
import { ApiError, UNKNOWN_ERROR_KEY } from '../api/ApiError'
import { takeEarly } from '../api/early'

export interface Loaded<T> {
  /** The latest answer; kept while the next one loads so the screen does not flash empty. */
  data: T | null
  /** True until the answer for the current key is in. */
  loading: boolean
  errors: readonly string[]
}

/**
 * Runs `load` whenever `key` changes (the key names the request, e.g. its query as text) and
 * ignores answers that arrive after the key moved on.
 */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; data: T | null; errors: readonly string[] }>({ key: null, data: null, errors: [] })
  const run = useEffectEvent(load)
  useEffect(() => {
    let current = true
    // Started at start-up for this key, by the same load (see `loadEarly`).
    const answer = (takeEarly(key) as Promise<T> | undefined) ?? run()
    answer
      .then((data) => {
        // A transition: the page drawing the answer renders in slices, the browser free between them.
        if (current) startTransition(() => setState({ key, data, errors: [] }))
      })
      .catch((error: unknown) => {
        if (current) setState({ key, data: null, errors: error instanceof ApiError ? error.keys : [UNKNOWN_ERROR_KEY] })
      })
    return () => {
      current = false
    }
  }, [key])
  return { data: state.data, loading: state.key !== key, errors: state.key === key ? state.errors : [] }
}
