import { languages, type Language } from '../contracts/common'
import deAbout from './locales/de/about.json'
import deAdmin from './locales/de/admin.json'
import deApi from './locales/de/api.json'
import deCommon from './locales/de/common.json'
import deDashboard from './locales/de/dashboard.json'
import deDesktop from './locales/de/desktop.json'
import deInsights from './locales/de/insights.json'
import deSports from './locales/de/sports.json'
import deStatistics from './locales/de/statistics.json'
import deUser from './locales/de/user.json'
import deWorkouts from './locales/de/workouts.json'
import enAbout from './locales/en/about.json'
import enAdmin from './locales/en/admin.json'
import enApi from './locales/en/api.json'
import enCommon from './locales/en/common.json'
import enDashboard from './locales/en/dashboard.json'
import enDesktop from './locales/en/desktop.json'
import enInsights from './locales/en/insights.json'
import enSports from './locales/en/sports.json'
import enStatistics from './locales/en/statistics.json'
import enUser from './locales/en/user.json'
import enWorkouts from './locales/en/workouts.json'
import frAbout from './locales/fr/about.json'
import frAdmin from './locales/fr/admin.json'
import frApi from './locales/fr/api.json'
import frCommon from './locales/fr/common.json'
import frDashboard from './locales/fr/dashboard.json'
import frDesktop from './locales/fr/desktop.json'
import frInsights from './locales/fr/insights.json'
import frSports from './locales/fr/sports.json'
import frStatistics from './locales/fr/statistics.json'
import frUser from './locales/fr/user.json'
import frWorkouts from './locales/fr/workouts.json'

/**
 * The interface texts of every language, one i18next namespace (`translation`) whose top-level
 * keys are the files of `locales/<language>/`: `t('api.ERROR.invalid_credentials')`,
 * `t('user.LOGIN')`. E-mail texts (`emails.json`) are loaded by the server's mailer on their own.
 */
export const uiResources = {
  en: { translation: { about: enAbout, admin: enAdmin, api: enApi, common: enCommon, dashboard: enDashboard, desktop: enDesktop, insights: enInsights, sports: enSports, statistics: enStatistics, user: enUser, workouts: enWorkouts } },
  fr: { translation: { about: frAbout, admin: frAdmin, api: frApi, common: frCommon, dashboard: frDashboard, desktop: frDesktop, insights: frInsights, sports: frSports, statistics: frStatistics, user: frUser, workouts: frWorkouts } },
  de: { translation: { about: deAbout, admin: deAdmin, api: deApi, common: deCommon, dashboard: deDashboard, desktop: deDesktop, insights: deInsights, sports: deSports, statistics: deStatistics, user: deUser, workouts: deWorkouts } },
} satisfies Record<Language, { translation: Record<string, unknown> }>

/** The language used when nothing better is known. */
export const DEFAULT_LANGUAGE: Language = 'en'

/** True when `value` names a supported language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/**
 * The interface language for a browser language tag: the part before the dash when supported
 * (`fr-CA` → `fr`), otherwise English.
 */
export function languageFromTag(tag: string | null | undefined): Language {
  const base = (tag ?? '').split('-')[0]?.toLowerCase()
  return isLanguage(base) ? base : DEFAULT_LANGUAGE
}
