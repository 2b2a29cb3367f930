import { useState } from 'react'
import { errorKeysOfUnknown } from '../../api/ApiError'

/**
 * Changes to a list read from the server: `run` marks which action is busy, keeps its error keys,
 * and bumps `version` afterwards (success or not) so the list is read again.
 */
export function useListActions() {
  const [version, setVersion] = useState(0)
  const [errors, setErrors] = useState<string[]>([])
  const [busy, setBusy] = useState<string | null>(null)

  /** Runs one action; true when it succeeded. */
  const run = async (key: string, work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(key)
    setErrors([])
    try {
      await work()
      return true
    } catch (error) {
      setErrors(errorKeysOfUnknown(error))
      return false
    } finally {
      setBusy(null)
      setVersion((current) => current + 1)
    }
  }
  return { version, errors, busy, run }
}
