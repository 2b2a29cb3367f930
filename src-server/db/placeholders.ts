/** `?, ?, ?` for a SQL `IN (…)` list of these values (passed as parameters, never inlined). */
export function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ')
}
