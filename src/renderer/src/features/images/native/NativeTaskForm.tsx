import { useState, type FormEvent } from 'react'
import { ChoiceField } from '@renderer/components/form/ChoiceField'
import { submitOnModEnter } from '@renderer/components/form/FormFooter'
import { HostAlert } from '@renderer/components/form/HostAlert'
import { LimitHoldAlert } from '@renderer/components/form/LimitHoldAlert'
import { RequestPreview } from '@renderer/components/form/RequestPreview'
import { SelectField } from '@renderer/components/form/SelectField'
import { SendFooter } from '@renderer/components/form/SendFooter'
import { TextField } from '@renderer/components/form/TextField'
import { PromptInsert } from '@renderer/components/prompts/PromptInsert'
import { QueuedJobNote } from '@renderer/components/queue/QueuedJobNote'
import { useT } from '@renderer/i18n/use-t'
import { useEstimate } from '@renderer/lib/balance/estimate'
import { useLimitGate } from '@renderer/lib/balance/limit-gate'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { nativeModelOf } from '@shared/domain/image-rules'
import {
  NATIVE_IMAGE_URLS_MAX,
  NATIVE_PROMPT_RECOMMENDED_MAX,
  NATIVE_SIZE_PRESETS,
  RESOLUTIONS
} from '@shared/domain/images'
import { useRestoredDraft } from '../drop/restore-store'
import { ImageModelField, PromptField, UrlList } from '../fields'
import { useSubmitNative } from '../mutations'
import { useCheckedForm } from '../use-checked-form'
import { EMPTY_NATIVE, promptTooLong, readNative, validateNative, type NativeDraft } from './native-draft'

/** The native async image task: prompt with a live counter, sizes from the spec's presets, URLs, force_single, deprecated area. */
export function NativeTaskForm() {
  const { t } = useT()
  const [d, setDraft] = useState<NativeDraft>(EMPTY_NATIVE)
  // "Restore these settings" from a dropped studio PNG (drop/restore-store.ts).
  useRestoredDraft('native', setDraft)
  const names = useActiveNames()
  const { formRef, errorFor, checked, refused, alert } = useCheckedForm()
  const submit = useSubmitNative()
  const patch = (p: Partial<NativeDraft>) => setDraft((cur) => ({ ...cur, ...p }))
  // The model the host will send (the profile's first native model when none is typed) and the price fields.
  const input = readNative(d).input
  const model = nativeModelOf(input, names) ?? ''
  const estimate = useEstimate({ kind: 'image', model, params: { ...input, via: 'native' } })
  const limits = useLimitGate()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const v = validateNative(d, names)
    checked(v.problems)
    const request = v.request
    if (!request) return limits.clear()
    limits.gate(
      { kind: 'image', model: nativeModelOf(request, names) ?? '', params: { ...request, via: 'native' } },
      (letGo) => submit.mutate({ ...request, letGo }, { onError: refused })
    )
  }

  const tooLong = promptTooLong(d.prompt)
  const counter = (
    <>
      <span className="prompt-counter" data-testid="prompt-counter" data-over={tooLong || undefined}>
        {t('images.native.counter', { count: d.prompt.length, max: NATIVE_PROMPT_RECOMMENDED_MAX })}
      </span>
      {tooLong && (
        <span className="warning" role="status">
          {t('images.native.tooLong', { max: NATIVE_PROMPT_RECOMMENDED_MAX })}
        </span>
      )}
    </>
  )
  const presetOptions = [
    { value: '', label: t('images.native.presetNone') },
    ...NATIVE_SIZE_PRESETS.map((p, i) => ({
      value: String(i),
      label: t('images.native.presetOption', { width: p.width, height: p.height, ratio: p.ratio, tier: p.tier })
    })),
    { value: 'custom', label: t('images.native.presetCustom') }
  ]

  return (
    <form
      ref={formRef}
      className="image-form"
      onSubmit={onSubmit}
      onKeyDown={submitOnModEnter}
      noValidate
      aria-label={t('images.view.nativeTab')}
    >
      <PromptInsert />
      <p className="field-help">{t('images.native.intro')}</p>
      <ImageModelField
        family="native"
        value={d.model}
        onChange={(model) => patch({ model })}
        error={errorFor('model')}
      />
      <PromptField
        value={d.prompt}
        onChange={(prompt) => patch({ prompt })}
        error={errorFor('prompt')}
        help={counter}
      />
      <div className="field-grid">
        <ChoiceField
          label={t('images.common.resolution')}
          value={d.resolution}
          onChange={(resolution) => patch({ resolution })}
          choices={RESOLUTIONS}
          blank={t('images.common.default')}
        />
        <SelectField
          label={t('images.native.preset')}
          value={d.preset}
          onChange={(preset) => patch({ preset })}
          options={presetOptions}
          error={d.preset !== 'custom' ? errorFor('width') : null}
        />
        {d.preset === 'custom' && (
          <>
            <TextField
              label={t('images.native.width')}
              inputMode="numeric"
              value={d.width}
              onChange={(e) => patch({ width: e.target.value })}
              error={errorFor('width')}
            />
            <TextField
              label={t('images.native.height')}
              inputMode="numeric"
              value={d.height}
              onChange={(e) => patch({ height: e.target.value })}
              error={errorFor('height')}
            />
          </>
        )}
      </div>
      <UrlList
        legend={t('images.native.imageUrls')}
        itemLabel={t('images.native.imageUrl')}
        help={t('images.native.imageUrlsHelp')}
        urls={d.urls}
        max={NATIVE_IMAGE_URLS_MAX}
        onChange={(urls) => patch({ urls })}
        field="image_urls"
        errorFor={errorFor}
      />
      <label className="choice">
        <input type="checkbox" checked={d.forceSingle} onChange={(e) => patch({ forceSingle: e.target.checked })} />
        <span className="choice-label">{t('images.native.forceSingle')}</span>
      </label>
      <details className="deprecated" open={Boolean(errorFor('size')) || d.area !== '' || undefined}>
        <summary>{t('images.native.deprecated')}</summary>
        <TextField
          label={t('images.native.area')}
          inputMode="numeric"
          value={d.area}
          placeholder="4194304"
          onChange={(e) => patch({ area: e.target.value })}
          error={errorFor('size')}
          help={t('images.native.areaHelp')}
        />
      </details>
      {alert && <HostAlert problem={alert} />}
      {limits.held && <LimitHoldAlert preflight={limits.held.preflight} model={limits.held.model} />}
      {submit.data && <QueuedJobNote jobId={submit.data.jobId} what="native" />}
      <RequestPreview
        method="POST"
        route={`${names.nativeImage.path}?Action=${names.nativeImage.submitAction}&Version=${names.nativeImage.version}`}
        body={{ req_key: names.nativeImage.reqKey, ...input, model: model || undefined }}
      />
      <SendFooter
        estimate={estimate}
        model={model}
        label={limits.held ? t('balance.limit.sendAnyway') : t('images.native.submit')}
        busy={submit.isPending || limits.checking}
      />
    </form>
  )
}
