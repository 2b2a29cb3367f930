import { Menu } from '@mantine/core'
import type { ReactElement, RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { languages, type Language } from '../../src/contracts/languages'
import { RouteDropdown } from '../components/RouteDropdown'
import { useChangeLanguage } from './useChangeLanguage'

/** The language menu around its button, opened as soon as it is in (it is fetched on first use). */
export function LanguageChoices({ target, targetRef }: { target: ReactElement; targetRef: RefObject<HTMLButtonElement | null> }) {
  const { t, i18n } = useTranslation()
  const changeLanguage = useChangeLanguage()
  return (
    <RouteDropdown target={target} openOnMount={targetRef}>
      <Menu.Label>{t('common.LANGUAGE')}</Menu.Label>
      {languages.map((language: Language) => (
        <Menu.Item
          key={language}
          onClick={() => void changeLanguage(language)}
          fw={language === i18n.language ? 700 : 400}
          data-testid={`language-${language}`}
          lang={language}
        >
          {t(`common.LANGUAGES.${language}`)}
        </Menu.Item>
      ))}
    </RouteDropdown>
  )
}
