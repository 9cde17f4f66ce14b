import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'
import { IconButton } from '@renderer/components/IconButton'
import { MoreMenu } from '@renderer/components/menu/MoreMenu'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { historyQuery, promptKeys } from '@renderer/lib/prompts/queries'
import { studio } from '@renderer/lib/studio'
import { useHandoff } from '@renderer/store/handoff'
import { useUiStore } from '@renderer/store/ui'
import { PROMPT_AREAS, type PromptArea, type PromptHistoryEntry, type PromptResult } from '@shared/domain/prompts'
import { usePromptsUi } from './prompts-ui-store'

/** Every prompt sent, newest first, a page at a time; each can be saved, copied or removed. */
export function HistoryPanel() {
  const { t, i18n } = useT()
  const [query, setQuery] = useState('')
  const [area, setArea] = useState<PromptArea | ''>('')
  const deferred = useDeferredValue(query)
  const q = useInfiniteQuery(historyQuery(deferred, area))
  const entries = q.data?.pages.flatMap((p) => p.entries) ?? []
  const date = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short'
  })
  return (
    <section className="prompts-panel" aria-labelledby="prompts-history-heading">
      <h2 id="prompts-history-heading" className="section-heading">
        {t('prompts.view.historyHeading')}
      </h2>
      <div className="prompts-filters">
        <input
          type="search"
          className="input"
          aria-label={t('prompts.view.searchHistory')}
          placeholder={t('prompts.view.searchHistory')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <select
          className="input"
          aria-label={t('prompts.view.area')}
          value={area}
          onChange={(e) => setArea(e.target.value as PromptArea | '')}
        >
          <option value="">{t('prompts.view.allAreas')}</option>
          {PROMPT_AREAS.map((a) => (
            <option key={a} value={a}>
              {t(`prompts.view.areas.${a}`)}
            </option>
          ))}
        </select>
      </div>
      {q.error ? (
        <p role="alert" className="field-error">
          {t('prompts.view.loadFailed', { message: errorMessage(q.error) })}
        </p>
      ) : q.isPending ? (
        <p className="view-loading">{t('prompts.view.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="empty-state">
          {deferred.trim() || area ? t('prompts.view.historyNoMatch') : t('prompts.view.historyEmpty')}
        </p>
      ) : (
        <ul className="prompts-list" aria-label={t('prompts.view.historyHeading')}>
          {entries.map((e) => (
            <HistoryRow key={e.id} entry={e} when={date.format(e.at)} />
          ))}
        </ul>
      )}
      {q.hasNextPage && (
        <button type="button" className="button" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {q.isFetchingNextPage ? t('prompts.view.loading') : t('prompts.view.loadMore')}
        </button>
      )}
    </section>
  )
}

function HistoryRow({ entry: e, when }: { entry: PromptHistoryEntry; when: string }) {
  const { t } = useT()
  const qc = useQueryClient()
  const openSave = usePromptsUi((s) => s.openSave)
  const remove = async () => {
    await studio.prompts.deleteHistory({ id: e.id })
    void qc.invalidateQueries({ queryKey: [...promptKeys.all, 'history'] })
  }
  const short = e.text.length > 40 ? `${e.text.slice(0, 40)}…` : e.text
  const conversation = e.results.find((r) => r.kind === 'conversation')
  return (
    <li className="prompts-item" data-testid="history-entry">
      <p className="prompts-text">{e.text}</p>
      <p className="prompts-meta">
        {t('prompts.view.meta', {
          kind: t(`prompts.view.kinds.${e.kind}`),
          model: e.model || t('prompts.view.noModel'),
          date: when
        })}
      </p>
      {e.results.some((r) => r.kind !== 'conversation') && (
        <ul className="prompts-results" aria-label={t('prompts.view.resultsLabel')}>
          {e.results.map((r) => (
            <ResultThumb key={`${r.kind}-${r.id}`} result={r} />
          ))}
        </ul>
      )}
      <div className="prompts-actions">
        <CopyButton text={e.text} />
        <IconButton
          icon="bookmark"
          label={t('prompts.view.saveNamed', { text: short })}
          onClick={() => openSave({ name: short, text: e.text, tags: [] })}
        />
        <MoreMenu
          items={[
            ...(conversation
              ? [
                  {
                    key: 'chat',
                    label: t('prompts.view.openConversation'),
                    onSelect: () => useHandoff.getState().send({ kind: 'chat-open', conversationId: conversation.id })
                  }
                ]
              : []),
            { key: 'remove', label: t('prompts.view.remove'), onSelect: () => void remove(), danger: true }
          ]}
        />
      </div>
    </li>
  )
}

function ResultThumb({ result: r }: { result: PromptResult }) {
  const { t } = useT()
  if (r.kind === 'conversation') return null
  const open = () =>
    r.kind === 'image'
      ? useHandoff.getState().send({ kind: 'image-edit', itemId: r.id })
      : useUiStore.getState().setView('video')
  const label = r.kind === 'image' ? t('prompts.view.openImage') : t('prompts.view.openVideo')
  return (
    <li>
      <button type="button" className="prompts-thumb" aria-label={label} title={label} onClick={open}>
        {r.thumbUrl ? (
          <img src={r.thumbUrl} alt="" loading="lazy" />
        ) : r.videoUrl ? (
          <video src={r.videoUrl} muted preload="metadata" />
        ) : (
          <span aria-hidden="true">▶</span>
        )}
      </button>
    </li>
  )
}

export function CopyButton({ text }: { text: string }) {
  const { t } = useT()
  const [copied, setCopied] = useState(false)
  return (
    <IconButton
      icon={copied ? 'check' : 'copy'}
      label={copied ? t('prompts.view.copied') : t('prompts.view.copy')}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true)
          setTimeout(() => setCopied(false), 1500)
        })
      }
    />
  )
}
