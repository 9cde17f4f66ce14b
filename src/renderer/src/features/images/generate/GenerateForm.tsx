import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, type FormEvent } from 'react'
import { submitOnModEnter } from '@renderer/components/form/FormFooter'
import { HostAlert } from '@renderer/components/form/HostAlert'
import { LimitHoldAlert } from '@renderer/components/form/LimitHoldAlert'
import { RequestPreview } from '@renderer/components/form/RequestPreview'
import { SendFooter } from '@renderer/components/form/SendFooter'
import { PromptInsert } from '@renderer/components/prompts/PromptInsert'
import { queueKey } from '@renderer/components/queue/QueuePanel'
import { useT } from '@renderer/i18n/use-t'
import { useEstimate } from '@renderer/lib/balance/estimate'
import { useLimitGate } from '@renderer/lib/balance/limit-gate'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { studio } from '@renderer/lib/studio'
import type { GenerateRequest } from '@shared/domain/images'
import { CompareControl } from '../compare/CompareControl'
import { useGenerate } from '../mutations'
import { useCheckedForm } from '../use-checked-form'
import { useGenerateDraft } from './draft-store'
import { readImage2, readImagegen, validateImage2, validateImagegen, type Family } from './generate-draft'
import { Image2Fields } from './Image2Fields'
import { ImagegenFields } from './ImagegenFields'

export type ErrorFor = (field: string) => string | null

/** The generation form: a family switch and exactly that family's fields; validated before any request. */
export function GenerateForm() {
  const { t } = useT()
  const family = useGenerateDraft((s) => s.family)
  const setFamily = useGenerateDraft((s) => s.setFamily)
  const names = useActiveNames()
  const { formRef, errorFor, checked, refused, reset, alert } = useCheckedForm()
  const generate = useGenerate()
  // The request the form would send, as typed: its model and price fields decide the estimate.
  const imagegen = useGenerateDraft((s) => s.imagegen)
  const image2 = useGenerateDraft((s) => s.image2)
  const input = useMemo(
    () => (family === 'imagegen' ? readImagegen(imagegen) : readImage2(image2)).input,
    [family, imagegen, image2]
  )
  const estimate = useEstimate({ kind: 'image', model: input.model, params: { ...input, via: 'generate' } })
  const limits = useLimitGate()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const s = useGenerateDraft.getState()
    const v = s.family === 'imagegen' ? validateImagegen(s.imagegen, names) : validateImage2(s.image2, names)
    checked(v.problems)
    const request = v.request
    if (!request) return limits.clear()
    limits.gate({ kind: 'image', model: request.model, params: { ...request, via: 'generate' } }, () =>
      generate.mutate(request, { onError: refused })
    )
  }

  // The queue: the same checks, then the job waits locally and is sent under the profile's cap.
  const queryClient = useQueryClient()
  const queued = useMutation({
    mutationFn: (r: GenerateRequest) => studio.queue.addImage(r),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queueKey })
  })
  const addToQueue = () => {
    const s = useGenerateDraft.getState()
    const v = s.family === 'imagegen' ? validateImagegen(s.imagegen, names) : validateImage2(s.image2, names)
    checked(v.problems)
    if (v.request) queued.mutate(v.request, { onError: refused })
  }

  const switchFamily = (f: Family) => {
    setFamily(f)
    reset()
  }

  return (
    <form
      ref={formRef}
      className="image-form"
      onSubmit={onSubmit}
      onKeyDown={submitOnModEnter}
      noValidate
      aria-label={t('images.view.generateTab')}
    >
      <PromptInsert />
      <fieldset className="choice-row">
        <legend className="field-label">{t('images.generate.family')}</legend>
        {(['imagegen', 'image2'] as const).map((f) => (
          <label key={f} className="choice">
            <input type="radio" name="image-family" value={f} checked={family === f} onChange={() => switchFamily(f)} />
            <span className="choice-label">
              {t(f === 'imagegen' ? 'images.generate.familyImagegen' : 'images.generate.familyImage2')}
            </span>
          </label>
        ))}
      </fieldset>
      {family === 'imagegen' ? <ImagegenFields errorFor={errorFor} /> : <Image2Fields errorFor={errorFor} />}
      {alert && <HostAlert problem={alert} />}
      {limits.held && <LimitHoldAlert preflight={limits.held.preflight} model={limits.held.model} />}
      <RequestPreview method="POST" route="/v1/images/generations" body={input} />
      <CompareControl />
      <SendFooter
        estimate={estimate}
        model={input.model}
        label={
          generate.isPending
            ? t('images.generate.sending')
            : limits.held
              ? t('balance.limit.sendAnyway')
              : t('images.generate.submit')
        }
        busy={generate.isPending || limits.checking}
        queue={{ add: addToQueue, busy: queued.isPending }}
      />
    </form>
  )
}
