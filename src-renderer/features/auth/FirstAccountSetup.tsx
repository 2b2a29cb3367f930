import { Code, Text, TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AlertBox } from '../../components/AlertBox'
import { desktopBridge } from '../../platform/desktop'

/** Browsers on the server's own computer need no setup code (the server checks; this only hides the field). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The register form's notice while the install has no account: the first account administers the
 * server, and is accepted from another device only with the setup code. The desktop window shows
 * that code; a browser elsewhere on the network asks for it.
 */
export function FirstAccountSetup({ code, onCodeChange, disabled }: { code: string; onCodeChange: (code: string) => void; disabled: boolean }) {
  const { t } = useTranslation()
  const bridge = desktopBridge()
  const [desktopCode, setDesktopCode] = useState<string | null>(null)
  useEffect(() => {
    if (!bridge) return
    let live = true
    void bridge.getServerInfo().then((info) => live && setDesktopCode(info.setupCode))
    return () => {
      live = false
    }
  }, [bridge])

  const local = LOOPBACK_HOSTS.has(window.location.hostname)
  return (
    <>
      <AlertBox kind="info">
        <Text size="sm">{t('user.FIRST_ACCOUNT')}</Text>
        {desktopCode && (
          <Text size="sm" mt={4} data-testid="desktop-setup-code">
            {t('user.FIRST_ACCOUNT_DESKTOP')} <Code fz="sm">{desktopCode}</Code>
          </Text>
        )}
        {!bridge && !local && (
          <Text size="sm" mt={4}>
            {t('user.FIRST_ACCOUNT_CODE_HELP')}
          </Text>
        )}
      </AlertBox>
      {!bridge && !local && (
        <TextInput
          label={t('user.SETUP_CODE')}
          value={code}
          onChange={(event) => onCodeChange(event.currentTarget.value)}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
      )}
    </>
  )
}
