import { Avatar } from '@mantine/core'
import { IconUser } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { pictureUrl } from '../api/client'
import { useAppState } from '../session/store'

/** A user's picture, or a generic icon when they have none. */
export function UserPicture({ username, hasPicture, size = 40 }: { username: string; hasPicture: boolean; size?: number }) {
  const { t } = useTranslation()
  const stamp = useAppState((state) => state.pictureStamp)
  return (
    <Avatar
      src={hasPicture ? pictureUrl(username, stamp) : null}
      size={size}
      radius="xl"
      color="pine"
      alt={t('user.PICTURE_OF', { username })}
      data-testid="user-picture"
    >
      <IconUser size={size * 0.6} />
    </Avatar>
  )
}
