import { useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react'
import { ChoiceField } from '@renderer/components/form/ChoiceField'
import { EstimateLine } from '@renderer/components/form/EstimateLine'
import { hostFieldText } from '@renderer/components/form/host-errors'
import { HostAlert } from '@renderer/components/form/HostAlert'
import { LimitHoldAlert } from '@renderer/components/form/LimitHoldAlert'
import { ModelField } from '@renderer/components/form/ModelField'
import { SelectField } from '@renderer/components/form/SelectField'
import { SubmitRow } from '@renderer/components/form/SubmitRow'
import { TextField } from '@renderer/components/form/TextField'
import { PromptInsert } from '@renderer/components/prompts/PromptInsert'
import { useT } from '@renderer/i18n/use-t'
import { useEstimate } from '@renderer/lib/balance/estimate'
import { useLimitGate } from '@renderer/lib/balance/limit-gate'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { modelsOf } from '@shared/domain/gateway-names'
import { IMAGEGEN_RATIOS, RESOLUTIONS, type EditFamily } from '@shared/domain/images'
import { useRestoredDraft } from '../drop/restore-store'
import { CountField, PromptField, ResponseFormatField, WatermarkChoice } from '../fields'
import type { EditorSource } from '../images-ui-store'
import { problemText, type FieldProblems } from '../problems'
import { useFocusFirstInvalid } from '../use-checked-form'
import { qualityOptions, readEdit, validateEdit, withFamily, withModel, type EditDraft } from './edit-draft'
import { readExtend } from './extend/extend-request'
import { useExtendStore } from './extend/extend-store'
import { ExtendPanel } from './extend/ExtendPanel'
import { mayHavePaint } from './model/mask-model'
import { usePainterStore } from './state/painter-store'
import type { useApplyEdit } from './use-apply-edit'

const PHASE_KEYS = {
  exporting: 'images.editor.exporting',
  uploading: 'images.editor.uploadingMask',
  sending: 'images.editor.sending'
} as const

export interface EditFormProps {
  source: EditorSource
  applier: ReturnType<typeof useApplyEdit>
  /** Held by the editor, not the session: choosing another source or version keeps what was typed. */
  draft: EditDraft
  setDraft: Dispatch<SetStateAction<EditDraft>>
}

/** The edit's parameters per model family, and "Apply edit" (mask export, upload, edit). */
export function EditForm({ source, applier, draft: d, setDraft }: EditFormProps) {
  const { t } = useT()
  // "Restore these settings" from a dropped studio PNG (drop/restore-store.ts).
  useRestoredDraft('edit', setDraft)
  const [problems, setProblems] = useState<FieldProblems>({})
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const painted = usePainterStore((s) => mayHavePaint(s.history.ops))
  const extending = useExtendStore((s) => s.on)
  useFocusFirstInvalid(formRef, attempt)
  const { state, apply, busy } = applier
  const host = state.phase === 'failed' ? (state.problem ?? null) : null
  const errorFor = (field: string) => problemText(t, problems[field]) ?? hostFieldText(t, host, field)
  const patch = (p: Partial<EditDraft>) => setDraft((cur) => ({ ...cur, ...p }))
  const names = useActiveNames()
  const native = d.family === 'editNative'
  const editModels = [...new Set([...modelsOf(names, 'editNative'), ...modelsOf(names, 'editForm')])]
  const dflt = t('images.common.default')
  const input = readEdit(d, source).input
  const estimate = useEstimate({ kind: 'image', model: d.model, params: { ...input, via: 'edit' } })
  const limits = useLimitGate()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const v = validateEdit(d, source, names)
    const ext = readExtend(useExtendStore.getState(), source, d.family)
    setProblems('problem' in ext ? { ...v.problems, extend: ext.problem } : v.problems)
    setAttempt((n) => n + 1)
    const request =
      v.request && !('problem' in ext) ? { ...v.request, ...('extend' in ext ? { extend: ext.extend } : {}) } : null
    if (!request) return limits.clear()
    limits.gate(
      { kind: 'image', model: request.model, params: { ...request, via: 'edit' } },
      (letGo) => void apply({ ...request, letGo }, usePainterStore.getState().history.ops, source)
    )
  }

  return (
    <form
      ref={formRef}
      className="image-form edit-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('images.editor.form')}
    >
      <PromptInsert />
      <PromptField value={d.prompt} onChange={(prompt) => patch({ prompt })} error={errorFor('prompt')} rows={3} />
      <div className="field-grid">
        <ModelField
          label={t('images.editor.editModel')}
          value={d.model}
          onChange={(model) => setDraft((cur) => withModel(cur, model, names))}
          suggestions={editModels}
          error={errorFor('model')}
        />
        <SelectField
          label={t('images.editor.editFamily')}
          value={d.family}
          onChange={(v) => setDraft((cur) => withFamily(cur, v as EditFamily, names))}
          options={[
            { value: 'editNative', label: t('images.editor.editFamilyNative') },
            { value: 'editForm', label: t('images.editor.editFamilyForm') }
          ]}
          help={t('images.editor.editFamilyHelp')}
        />
      </div>
      <div className="field-grid">
        <CountField
          value={d.n}
          placeholder="1"
          onChange={(n) => patch({ n })}
          error={errorFor('n')}
          help={t('images.generate.countHelpImage2')}
        />
        <TextField
          label={t('images.common.size')}
          value={d.size}
          placeholder="1024x1024"
          onChange={(e) => patch({ size: e.target.value })}
          error={errorFor('size')}
          help={t('images.editor.sizeHelp')}
        />
        <ChoiceField
          label={t('images.common.quality')}
          value={d.quality}
          onChange={(quality) => patch({ quality })}
          choices={qualityOptions(d, names)}
          blank={dflt}
          error={errorFor('quality')}
        />
        {native && (
          <>
            <ChoiceField
              label={t('images.common.ratio')}
              value={d.ratio}
              onChange={(ratio) => patch({ ratio })}
              choices={IMAGEGEN_RATIOS}
              blank={dflt}
            />
            <ResponseFormatField value={d.responseFormat} onChange={(responseFormat) => patch({ responseFormat })} />
            <ChoiceField
              label={t('images.common.resolution')}
              value={d.resolution}
              onChange={(resolution) => patch({ resolution })}
              choices={RESOLUTIONS}
              blank={dflt}
            />
          </>
        )}
      </div>
      <WatermarkChoice value={d.watermark} onChange={(watermark) => patch({ watermark })} />
      <ExtendPanel source={source} family={d.family} error={errorFor('extend')} />
      {/* An extended canvas always has a mask (its new area); the panel says what it holds. */}
      {!extending && (
        <p className={painted ? 'field-help' : 'warning'} data-testid="mask-note">
          {painted
            ? t('images.editor.maskInfo', { width: source.width, height: source.height })
            : t('images.editor.noMask')}
        </p>
      )}
      {host && !host.field && <HostAlert problem={host} />}
      {limits.held && <LimitHoldAlert preflight={limits.held.preflight} model={limits.held.model} />}
      <EstimateLine preflight={estimate} model={d.model} />
      <SubmitRow
        label={limits.held ? t('balance.limit.sendAnyway') : t('images.editor.apply')}
        busy={busy || limits.checking}
      >
        {busy && state.phase in PHASE_KEYS && (
          <span role="status" className="field-help">
            {t(PHASE_KEYS[state.phase as keyof typeof PHASE_KEYS])}
          </span>
        )}
      </SubmitRow>
    </form>
  )
}
