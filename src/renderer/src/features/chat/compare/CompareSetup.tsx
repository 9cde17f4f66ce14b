import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { EstimateLine, EstimateTotal } from '@renderer/components/form/EstimateLine'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { PromptInsert } from '@renderer/components/prompts/PromptInsert'
import { useT } from '@renderer/i18n/use-t'
import { useEstimates } from '@renderer/lib/balance/estimate'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { COMPARE_MAX, COMPARE_MIN } from '@shared/domain/compare'
import { useChatUiStore } from '../chat-ui-store'
import { PromptTextarea, usePromptSend } from '../composer/PromptBox'
import { useModels } from '../queries'
import { FormatChoice } from '../settings/FormatChoice'
import { MODEL_MAX_CHARS, validateSettings } from '../settings/settings-model'
import { SystemField } from '../settings/SystemField'
import type { ConversationSettings } from '../settings/use-settings'
import { startCompare } from './compare-actions'
import { chosenModels, compareBlock, duplicateIndexes } from './compare-rules'
import { OpenRuns } from './OpenRuns'

export const COMPARE_PROMPT_ID = 'chat-compare-prompt'

/** The first models offered: the last one chatted with, then the profile's chat names and the gateway's list. */
function useSuggestions(): string[] {
  const listed = useModels().data?.models
  const names = useActiveNames().models.chat
  return [...new Set([...names, ...(listed ?? [])])]
}

/** The form of a new run: 2–4 models, the shared format, system instruction and parameters, one prompt. */
export function CompareSetup({ settings }: { settings: ConversationSettings }) {
  const { t } = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const suggestions = useSuggestions()
  const lastModel = useChatUiStore((s) => s.lastModel)
  const [fields, setFields] = useState<string[] | null>(null)
  const shown = fields ?? [
    lastModel ?? suggestions[0] ?? '',
    suggestions.find((m) => m !== (lastModel ?? suggestions[0])) ?? ''
  ]
  const { text, setText, pending, error, submit: sendPrompt } = usePromptSend()
  const { draft } = settings
  // The shared draft's own model is not sent; each column has its own.
  const validation = validateSettings({ ...draft, model: chosenModels(shown)[0] ?? '-' })
  const block = compareBlock(shown, text, draft.format, validation)
  const duplicates = duplicateIndexes(shown)
  // One estimate per model (chat jobs from this profile's measured costs) and their total.
  const estimates = useEstimates(shown.map((model) => ({ kind: 'chat' as const, model })))
  const setField = (i: number, value: string) => setFields(shown.map((m, j) => (j === i ? value : m)))

  const submit = () => {
    if (!validation.ok) return
    sendPrompt(block !== null, (prompt) =>
      startCompare(queryClient, { models: chosenModels(shown), text: prompt, settings: validation.value })
    )
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submit()
  }

  return (
    <div className="chat-compare-setup">
      <form className="chat-compare-form" aria-label={t('chat.compare.formLabel')} onSubmit={onSubmit}>
        <fieldset className="chat-compare-models">
          <legend className="field-label">{t('chat.compare.models', { min: COMPARE_MIN, max: COMPARE_MAX })}</legend>
          {shown.map((model, i) => (
            <div key={i} className="chat-compare-model-row">
              <label htmlFor={`${id}-m${i}`} className="sr-only">
                {t('chat.compare.modelN', { n: i + 1 })}
              </label>
              <input
                id={`${id}-m${i}`}
                className="input"
                list={`${id}-models`}
                value={model}
                maxLength={MODEL_MAX_CHARS}
                placeholder={t('chat.compare.modelN', { n: i + 1 })}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={duplicates.has(i) || undefined}
                onChange={(e) => setField(i, e.target.value)}
              />
              {shown.length > COMPARE_MIN && (
                <button
                  type="button"
                  className="button button-small"
                  aria-label={t('chat.compare.removeModel', { n: i + 1 })}
                  onClick={() => setFields(shown.filter((_, j) => j !== i))}
                >
                  {t('chat.compare.remove')}
                </button>
              )}
              {duplicates.has(i) && <span className="field-error">{t('chat.compare.reasons.duplicateModel')}</span>}
              <EstimateLine preflight={estimates[i]} model={model} testId="compare-estimate" />
            </div>
          ))}
          <datalist id={`${id}-models`}>
            {suggestions.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
          {shown.length < COMPARE_MAX && (
            <button type="button" className="button button-small" onClick={() => setFields([...shown, ''])}>
              {t('chat.compare.addModel')}
            </button>
          )}
        </fieldset>
        <FormatChoice value={draft.format} locked={false} onChange={settings.setFormat} />
        <SystemField
          format={draft.format}
          value={draft.system}
          onChange={settings.setSystem}
          error={
            !validation.ok && validation.settings.includes('systemTooLong')
              ? t('chat.settings.problems.systemTooLong')
              : null
          }
        />
        <PromptInsert fieldId={COMPARE_PROMPT_ID} />
        <label htmlFor={COMPARE_PROMPT_ID} className="field-label">
          {draft.format === 'completions' ? t('chat.compare.document') : t('chat.compare.prompt')}
        </label>
        <PromptTextarea
          id={COMPARE_PROMPT_ID}
          value={text}
          onChange={setText}
          minRows={3}
          placeholder={t('chat.compare.promptPlaceholder')}
          describedBy={`${id}-reason`}
          onSend={submit}
        />
        <EstimateTotal preflights={shown.map((m, i) => (m.trim() ? estimates[i] : null))} />
        <div className="chat-compare-send">
          <p id={`${id}-reason`} className={block ? 'chat-composer-reason' : 'chat-composer-reason muted'}>
            {block ? t(`chat.compare.reasons.${block}`) : t('chat.compare.keysHint')}
          </p>
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={block !== null || pending || undefined}
            aria-busy={pending || undefined}
            aria-describedby={`${id}-reason`}
          >
            {pending ? t('chat.compare.starting') : t('chat.compare.start')}
          </button>
        </div>
        {error !== null && (
          <FormAlert
            title={
              <>
                {t('chat.compare.startFailed')}: {errorTitle(t, error)}
              </>
            }
            detail={errorMessage(error)}
          />
        )}
      </form>
      <OpenRuns />
    </div>
  )
}
