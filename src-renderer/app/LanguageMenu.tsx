import { Button, Menu } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { languages, type Language } from '../../src/contracts/languages'
import { RouteDropdown } from '../components/RouteDropdown'
import { useChangeLanguage } from './useChangeLanguage'

/** The language switch of the navigation bar. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation()
  const changeLanguage = useChangeLanguage()
  return (
    <RouteDropdown
      target={
        <Button
          variant="subtle"
          color="white"
          c="white"
          leftSection={<IconLanguage size={18} />}
          aria-label={`${i18n.language.toUpperCase()} – ${t('common.LANGUAGE')}`}
          data-testid="language-menu"
        >
          {i18n.language.toUpperCase()}
        </Button>
      }
    >
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
