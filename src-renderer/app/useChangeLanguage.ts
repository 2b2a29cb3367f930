import { useCallback } from 'react'
import type { Language } from '../../src/contracts'
import { call } from '../api/client'
import { applyLanguage } from '../i18n'
import { appStore, setProfile } from '../session/store'
import { preferencesOf } from '../features/profile/preferences'

/**
 * Switches the language at once and, for a logged-in user, saves it in their preferences
 * (a failed save keeps the switch for this browser).
 */
export function useChangeLanguage(): (language: Language) => Promise<void> {
  return useCallback(async (language: Language) => {
    await applyLanguage(language)
    const { profile } = appStore.getState()
    if (!profile || profile.language === language) return
    try {
      const response = await call('editPreferences', { body: { ...preferencesOf(profile), language } })
      setProfile(response.data)
    } catch (error) {
      console.warn('Language not saved', error)
    }
  }, [])
}
