import { Button } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The menu itself (Mantine's floating dropdown: floating-ui, focus trap, transitions) is a chunk of
 * its own, fetched when the pointer or focus reaches the button, so no page's first load carries it.
 */
const loadChoices = () => import('./LanguageChoices')
const LanguageChoices = lazy(() => loadChoices().then((module) => ({ default: module.LanguageChoices })))

/** The language switch of the navigation bar. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation()
  // Until first used the button stands alone; its first click (or Enter) opens the fetched menu.
  const [used, setUsed] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const target = (
    <Button
      ref={button}
      variant="subtle"
      color="white"
      c="white"
      leftSection={<IconLanguage size={18} />}
      aria-label={`${i18n.language.toUpperCase()} – ${t('common.LANGUAGE')}`}
      aria-haspopup="menu"
      onPointerEnter={() => void loadChoices()}
      onFocus={() => void loadChoices()}
      onClick={used ? undefined : () => setUsed(true)}
      data-testid="language-menu"
    >
      {i18n.language.toUpperCase()}
    </Button>
  )
  if (!used) return target
  return (
    <Suspense fallback={target}>
      <LanguageChoices target={target} targetRef={button} />
    </Suspense>
  )
}
