import { useEffect, useRef, useState } from 'react'
import { errorKeysOfUnknown } from '../../api/ApiError'

/**
 * Runs a token call once when a page opens (`?token=`): no token is the invalid-token error
 * without any call.
 */
export function useTokenAction(token: string | null, action: (token: string) => Promise<void>): string[] {
  const [errorKeys, setErrorKeys] = useState<string[]>(token ? [] : ['user.INVALID_TOKEN'])
  const started = useRef(false)
  useEffect(() => {
    // Strict mode mounts twice in development; a token must be spent only once.
    if (!token || started.current) return
    started.current = true
    action(token).catch((error: unknown) => setErrorKeys(errorKeysOfUnknown(error)))
  }, [token, action])
  return errorKeys
}
