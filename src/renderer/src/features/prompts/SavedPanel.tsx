import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useRef, useState } from 'react'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { IconButton } from '@renderer/components/IconButton'
import { MoreMenu } from '@renderer/components/menu/MoreMenu'
import { useT } from '@renderer/i18n/use-t'
import { downloadText } from '@renderer/lib/download'
import { errorMessage } from '@renderer/lib/error-text'
import { promptKeys, savedPromptsQuery } from '@renderer/lib/prompts/queries'
import { studio } from '@renderer/lib/studio'
import type { SavedPrompt } from '@shared/domain/prompts'
import { isStudioError } from '@shared/error-core'
import { CopyButton } from './HistoryPanel'
import { usePromptsUi } from './prompts-ui-store'

/** Saved prompts: ranked search, a tag filter, edit, delete, export and import. */
export function SavedPanel() {
  const { t } = useT()
  const qc = useQueryClient()
  const query = usePromptsUi((s) => s.savedQuery)
  const setQuery = usePromptsUi((s) => s.setSavedQuery)
  const openSave = usePromptsUi((s) => s.openSave)
  const [tag, setTag] = useState('')
  const [limit, setLimit] = useState(50)
  const [notice, setNotice] = useState<string | null>(null)
  const [toDelete, setToDelete] = useState<SavedPrompt | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const deferred = useDeferredValue(query)
  const list = useQuery(savedPromptsQuery(deferred, tag, limit))
  const refresh = () => qc.invalidateQueries({ queryKey: [...promptKeys.all, 'saved'] })
  const del = useMutation({
    mutationFn: (id: string) => studio.prompts.delete({ id }),
    onSuccess: () => {
      setToDelete(null)
      void refresh()
    }
  })
  const exp = useMutation({
    mutationFn: () => studio.prompts.export(),
    onSuccess: (f) => {
      downloadText(f.fileName, 'application/json', f.text)
      setNotice(t('prompts.view.exported', { count: list.data?.total ?? 0, file: f.fileName }))
    }
  })
  const imp = useMutation({
    mutationFn: async (file: File) => studio.prompts.import({ text: await file.text() }),
    onMutate: () => setNotice(null),
    onSuccess: (r) => {
      setNotice(t('prompts.view.imported', { added: r.added, merged: r.merged }))
      void refresh()
    }
  })
  const importProblems =
    isStudioError(imp.error) && Array.isArray(imp.error.details?.problems)
      ? (imp.error.details.problems as Array<{ field: string; message: string }>)
      : []
  const prompts = list.data?.prompts ?? []
  return (
    <section className="prompts-panel" aria-labelledby="prompts-saved-heading">
      <h2 id="prompts-saved-heading" className="section-heading">
        {t('prompts.view.savedHeading')}
      </h2>
      <div className="prompts-filters">
        <input
          type="search"
          className="input"
          aria-label={t('prompts.view.searchSaved')}
          placeholder={t('prompts.view.searchSaved')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {tag && (
          <button type="button" className="chip" aria-label={t('prompts.view.clearTag')} onClick={() => setTag('')}>
            {t('prompts.view.tagFilter', { tag })} ×
          </button>
        )}
      </div>
      <div className="prompts-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => openSave({ name: '', text: '', tags: [] })}
        >
          {t('prompts.view.newPrompt')}
        </button>
        <button type="button" className="button" disabled={exp.isPending} onClick={() => exp.mutate()}>
          {t('prompts.view.export')}
        </button>
        <button type="button" className="button" disabled={imp.isPending} onClick={() => fileInput.current?.click()}>
          {t('prompts.view.import')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          tabIndex={-1}
          data-testid="prompts-import-file"
          onChange={(e) => {
            const f = e.target.files?.[0]
            if (f) imp.mutate(f)
            e.target.value = ''
          }}
        />
      </div>
      {notice && (
        <p role="status" className="prompts-notice">
          {notice}
        </p>
      )}
      {(imp.error || exp.error) && (
        <FormAlert
          title={imp.error ? t('prompts.view.importFailed') : t('prompts.view.loadFailed', { message: '' })}
          detail={
            importProblems.length ? (
              <ul>
                {importProblems.map((p, i) => (
                  <li key={i}>{p.field ? `${p.field}: ${p.message}` : p.message}</li>
                ))}
              </ul>
            ) : (
              errorMessage(imp.error ?? exp.error)
            )
          }
        />
      )}
      {list.error ? (
        <p role="alert" className="field-error">
          {t('prompts.view.loadFailed', { message: errorMessage(list.error) })}
        </p>
      ) : list.isPending ? (
        <p className="view-loading">{t('prompts.view.loading')}</p>
      ) : prompts.length === 0 ? (
        <p className="empty-state">
          {deferred.trim() || tag ? t('prompts.view.savedNoMatch') : t('prompts.view.savedEmpty')}
        </p>
      ) : (
        <>
          <p className="prompts-meta">{t('prompts.view.total', { count: list.data?.total ?? 0 })}</p>
          <ul className="prompts-list" aria-label={t('prompts.view.savedHeading')}>
            {prompts.map((p) => (
              <li key={p.id} className="prompts-item" data-testid="saved-prompt">
                <h3 className="prompts-name">{p.name}</h3>
                {p.tags.length > 0 && (
                  <p className="prompts-tags">
                    {p.tags.map((x) => (
                      <button
                        key={x}
                        type="button"
                        className="chip"
                        aria-label={t('prompts.view.filterByTag', { tag: x })}
                        onClick={() => setTag(x)}
                      >
                        #{x}
                      </button>
                    ))}
                  </p>
                )}
                <p className="prompts-text">{p.text}</p>
                <div className="prompts-actions">
                  <IconButton
                    icon="edit"
                    label={t('prompts.view.editNamed', { name: p.name })}
                    onClick={() => openSave(p)}
                  />
                  <CopyButton text={p.text} />
                  <MoreMenu
                    items={[
                      {
                        key: 'delete',
                        label: t('prompts.view.deleteNamed', { name: p.name }),
                        onSelect: () => setToDelete(p),
                        danger: true
                      }
                    ]}
                  />
                </div>
              </li>
            ))}
          </ul>
          {(list.data?.total ?? 0) > prompts.length && (
            <button
              type="button"
              className="button"
              onClick={() => setLimit((l) => Math.min(l + 50, 200))}
              disabled={limit >= 200}
            >
              {t('prompts.view.loadMore')}
            </button>
          )}
        </>
      )}
      {toDelete && (
        <ConfirmDialog
          title={t('prompts.view.deleteTitle', { name: toDelete.name })}
          body={t('prompts.view.deleteBody')}
          cancelLabel={t('prompts.form.cancel')}
          confirmLabel={t('prompts.view.delete')}
          busy={del.isPending}
          error={del.error}
          onConfirm={() => del.mutate(toDelete.id)}
          onClose={() => setToDelete(null)}
          fallbackFocus={() => document.querySelector<HTMLElement>('#prompts-saved-heading')}
        />
      )}
    </section>
  )
}
