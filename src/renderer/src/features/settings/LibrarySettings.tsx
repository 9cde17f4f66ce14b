import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'

const backupsKey = ['library', 'backups'] as const

/**
 * "Back up library" and Restore: the host copies the database and the media folder. A restore is
 * carried out at the next start (the stores hold the open database) and keeps the library it
 * replaces, so choosing one loses nothing and needs no confirmation.
 */
export function LibrarySettings() {
  const { t, i18n } = useT()
  const queryClient = useQueryClient()
  const { data, error } = useQuery({ queryKey: backupsKey, queryFn: () => studio.library.listBackups(), retry: false })
  const refresh = () => queryClient.invalidateQueries({ queryKey: backupsKey })
  const backUp = useMutation({ mutationFn: () => studio.library.backUp(), onSettled: refresh })
  const restore = useMutation({ mutationFn: (name: string) => studio.library.restore({ name }), onSettled: refresh })
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en')
  const failure = backUp.error ?? restore.error ?? error

  return (
    <div className="library-settings">
      <p className="section-intro">{t('library.intro')}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => backUp.mutate()}
        aria-disabled={backUp.isPending || undefined}
        aria-busy={backUp.isPending || undefined}
      >
        {backUp.isPending ? t('library.backingUp') : t('library.backUp')}
      </button>
      <p role="status" className="notice">
        {backUp.data ? t('library.backedUp', { when: when(backUp.data.createdAt) }) : ''}
        {data?.restorePending ? t('library.restorePending', { name: data.restorePending }) : ''}
      </p>
      {failure && (
        <p role="alert" className="form-alert">
          {t('library.failed')}: {errorMessage(failure)}
        </p>
      )}
      {data && data.backups.length === 0 && <p className="muted">{t('library.none')}</p>}
      {data && data.backups.length > 0 && (
        <ul className="library-backups" aria-label={t('library.listLabel')}>
          {data.backups.map((b) => (
            <li key={b.name} className="field field-inline">
              <span>{when(b.createdAt)}</span>
              <button
                type="button"
                className="button"
                aria-label={t('library.restoreNamed', { when: when(b.createdAt) })}
                aria-disabled={restore.isPending || undefined}
                onClick={() => !restore.isPending && restore.mutate(b.name)}
              >
                {t('library.restore')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
