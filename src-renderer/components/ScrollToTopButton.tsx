import { ActionIcon, Affix, Transition } from '@mantine/core'
import { IconArrowUp } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** The floating "scroll to top" button, sliding in while `visible`. */
export function ScrollToTopButton({ visible, onClick }: { visible: boolean; onClick: () => void }) {
  const { t } = useTranslation()
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={visible}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            color="ember"
            variant="filled"
            onClick={onClick}
            aria-label={t('common.SCROLL_TO_TOP')}
            data-testid="scroll-to-top"
          >
            <IconArrowUp size={22} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  )
}
