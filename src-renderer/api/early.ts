/** Answers asked for at start-up, before their page's code had loaded, by the key of their load. */
const early = new Map<string, Promise<unknown>>()

/**
 * Starts a page's first request at start-up, alongside its code, rather than once its code has
 * loaded and rendered. Only the first page shown may take it (see {@link takeEarly}).
 */
export function loadEarly(key: string, load: () => Promise<unknown>): void {
  const answer = load()
  // Not taken (another page showed first) must not be reported as an unhandled failure.
  answer.catch(() => undefined)
  early.set(key, answer)
}

/**
 * The early answer of `key`, if any. The first page shown takes its own and drops the others:
 * a later visit asks afresh rather than showing what was true at start-up.
 */
export function takeEarly(key: string): Promise<unknown> | undefined {
  const answer = early.get(key)
  early.clear()
  return answer
}
