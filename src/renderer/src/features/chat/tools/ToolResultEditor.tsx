import { useId } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { ChatFormat } from '@shared/domain/chat'
import { useResultDraft, useResultProblem, useToolAnswerStore } from './tool-answer-store'

export interface ToolResultEditorProps {
  draftKey: string
  name: string
  format: ChatFormat | undefined
}

/**
 * The result of one tool call, typed or pasted as JSON (or, by choice, plain text). Ctrl/Cmd+Enter
 * submits the surrounding form, which sends every result of the answer together.
 */
export function ToolResultEditor({ draftKey, name, format }: ToolResultEditorProps) {
  const { t } = useT()
  const id = useId()
  const draft = useResultDraft(draftKey)
  const problem = useResultProblem(draftKey)
  const edit = useToolAnswerStore((s) => s.edit)
  const error = problem
    ? problem.code === 'empty'
      ? t('chat.tools.errors.empty', { name })
      : t('chat.tools.errors.json', { detail: problem.detail })
    : null
  const help = [
    draft.plain ? t('chat.tools.plainHelp') : t('chat.tools.jsonHelp'),
    format === 'content' ? t('chat.tools.wrapHelp') : '',
    t('chat.tools.keysHint')
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="field chat-tool-result-editor">
      <label htmlFor={id} className="field-label">
        {draft.plain ? t('chat.tools.resultLabelPlain', { name }) : t('chat.tools.resultLabel', { name })}
      </label>
      <textarea
        id={id}
        data-draft-key={draftKey}
        className="input textarea chat-json"
        rows={4}
        spellCheck={false}
        placeholder={draft.plain ? '' : '{"temperature": 21}'}
        value={draft.text}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : null, `${id}-help`].filter(Boolean).join(' ')}
        onChange={(e) => edit(draftKey, { text: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            e.currentTarget.form?.requestSubmit()
          }
        }}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <div className="chat-param-check">
        <input
          id={`${id}-plain`}
          type="checkbox"
          checked={draft.plain}
          onChange={(e) => edit(draftKey, { plain: e.target.checked })}
        />
        <label htmlFor={`${id}-plain`}>{t('chat.tools.plain')}</label>
      </div>
      <p id={`${id}-help`} className="field-help">
        {help}
      </p>
    </div>
  )
}
