import type { Translate } from './i18n'

/** A file of a watched folder or plugged-in watch, imported or refused by the server. */
export interface AutomaticImportNotice {
  file: string
  status: 'imported' | 'duplicate' | 'error'
}

/** How long notices are gathered into one notification. */
export const NOTICE_BATCH_MS = 5000

/**
 * One OS notification per burst of automatic imports: a watch plugged in for the first time brings
 * hundreds of files, which must not mean hundreds of notifications. The first notice of a quiet
 * period opens a batch; when it closes, one file is named, several are counted.
 */
export function createAutomaticImportNotices(deps: { t: Translate; notify: (title: string, body: string) => void }): (notice: AutomaticImportNotice) => void {
  const { t } = deps
  let batch: AutomaticImportNotice[] | null = null
  const show = (notices: AutomaticImportNotice[]) => {
    const [only] = notices
    const failed = notices.filter((notice) => notice.status === 'error').length
    let body = t('NOTICE.AUTOMATIC_IMPORT_SUMMARY', { imported: notices.length - failed, failed })
    if (notices.length === 1 && only) body = t(only.status === 'error' ? 'NOTICE.AUTOMATIC_IMPORT_FAILED' : 'NOTICE.AUTOMATIC_IMPORT_DONE', { file: only.file })
    deps.notify(t('NOTICE.AUTOMATIC_IMPORT_TITLE'), body)
  }
  return (notice) => {
    if (batch) {
      batch.push(notice)
      return
    }
    const opened = [notice]
    batch = opened
    setTimeout(() => {
      batch = null
      show(opened)
    }, NOTICE_BATCH_MS)
  }
}
