import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { dateInputFormat, type DateInputFormat } from '../format/dates'

/** `valueFormat` and `placeholder` of every date field: the interface language's date format. */
export function useDateInputFormat(): DateInputFormat {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  return useMemo(
    () => dateInputFormat(language, { day: t('user.DATE_LETTERS.DAY'), month: t('user.DATE_LETTERS.MONTH'), year: t('user.DATE_LETTERS.YEAR') }),
    [language, t],
  )
}
