import '@mantine/dates/styles.css'
import { Card, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { BIO_MAX } from '../../../src/domain/accounts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { CountedTextarea } from '../../components/CountedTextarea'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { useDateInputFormat } from '../../components/useDateInputFormat'
import { formatDateTime, toApiDate } from '../../format/dates'
import { setProfile, useAppState } from '../../session/store'
import { FormButtons } from './FormButtons'
import { preferencesOf } from './preferences'

/** PROFILE edit tab: names, birth date, location and bio (200 characters); returns to /profile. */
export function EditInfoForm() {
  const profile = useAppState((state) => state.profile)
  if (!profile) return <PageLoader />
  return <InfoForm key={profile.username} />
}

function InfoForm() {
  const { t } = useTranslation()
  const dateFormat = useDateInputFormat()
  const navigate = useNavigate()
  const profile = useAppState((state) => state.profile)
  const [firstName, setFirstName] = useState(profile?.first_name ?? '')
  const [lastName, setLastName] = useState(profile?.last_name ?? '')
  const [birthDate, setBirthDate] = useState<string | null>(toApiDate(profile?.birth_date))
  const [location, setLocation] = useState(profile?.location ?? '')
  const [bio, setBio] = useState(profile?.bio ?? '')
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  if (!profile) return null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setErrorKeys([])
    try {
      const response = await call('editProfile', {
        body: { first_name: firstName, last_name: lastName, birth_date: birthDate ?? '', location, bio },
      })
      setProfile(response.data)
      await navigate('/profile')
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} data-testid="edit-info-form">
        <Stack>
          <TextInput
            label={t('user.REGISTRATION_DATE')}
            value={formatDateTime(profile.created_at, preferencesOf(profile).timezone)}
            readOnly
            variant="filled"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('user.FIRST_NAME')} value={firstName} maxLength={80} onChange={(event) => setFirstName(event.currentTarget.value)} />
            <TextInput label={t('user.LAST_NAME')} value={lastName} maxLength={80} onChange={(event) => setLastName(event.currentTarget.value)} />
            <DateInput
              label={t('user.BIRTH_DATE')}
              value={birthDate}
              onChange={setBirthDate}
              valueFormat={dateFormat.valueFormat}
              placeholder={dateFormat.placeholder}
              clearable
              maxDate={new Date()}
              data-testid="birth-date"
            />
            <TextInput label={t('user.LOCATION')} value={location} maxLength={80} onChange={(event) => setLocation(event.currentTarget.value)} />
          </SimpleGrid>
          <CountedTextarea label={t('user.BIO')} value={bio} limit={BIO_MAX} onValueChange={setBio} />
          <ErrorBox keys={errorKeys} />
          <FormButtons busy={busy} cancelTo="/profile" />
        </Stack>
      </form>
    </Card>
  )
}
