import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { submitOnModEnter } from '@renderer/components/form/FormFooter'
import { hostFieldText, hostProblem, type HostProblem } from '@renderer/components/form/host-errors'
import { HostAlert } from '@renderer/components/form/HostAlert'
import { RequestPreview } from '@renderer/components/form/RequestPreview'
import { SendFooter } from '@renderer/components/form/SendFooter'
import { PromptInsert } from '@renderer/components/prompts/PromptInsert'
import { queueKey } from '@renderer/components/queue/QueuePanel'
import { useT } from '@renderer/i18n/use-t'
import { useEstimate } from '@renderer/lib/balance/estimate'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { studio } from '@renderer/lib/studio'
import {
  VIDEO_FAMILY,
  ROUTE_OF_FAMILY,
  VIDEO_FAMILIES,
  type VideoCreateRequest,
  type VideoFamily
} from '@shared/domain/video'
import { VideoCompareControl } from '../compare/CompareControl'
import { useCreateVideo } from '../mutations'
import { videoProblemText, type VideoProblems } from '../problems'
import { useVideoUi } from '../video-ui-store'
import { useVideoDraft } from './draft-store'
import type { ErrorFor } from './fields'
import { checkBalance, PreflightWarning, type PreflightHold } from './PreflightWarning'
import { UnifiedFirstFields } from './UnifiedFirstFields'
import { UnifiedSecondFields } from './UnifiedSecondFields'
import { readDraft, validateDraft } from './validate'
import { VideosJsonFields } from './VideosJsonFields'
import { VideosMultipartFields } from './VideosMultipartFields'

/** Where each route family's create goes (the spec's paths). */
const CREATE_ROUTE = { unified: '/v1/video/create', videos: '/v1/videos' } as const

const FIELDS: Record<VideoFamily, (p: { errorFor: ErrorFor }) => React.JSX.Element> = {
  [VIDEO_FAMILY.unifiedFirst]: UnifiedFirstFields,
  [VIDEO_FAMILY.unifiedSecond]: UnifiedSecondFields,
  [VIDEO_FAMILY.videosJson]: VideosJsonFields,
  [VIDEO_FAMILY.videosMultipart]: VideosMultipartFields
}

/**
 * The create form: a family switch and exactly that family's fields. Everything is validated
 * here before any request (the refusal is shown at its field and the first bad field takes focus);
 * a host refusal naming a field is shown there too.
 */
export function CreateForm() {
  const { t } = useT()
  const family = useVideoUi((s) => s.family)
  const [problems, setProblems] = useState<VideoProblems>({})
  const [host, setHost] = useState<HostProblem | null>(null)
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const create = useCreateVideo()
  // A balance warning for this model: the next submit of the same model sends it anyway.
  const [hold, setHold] = useState<PreflightHold | null>(null)
  const [checking, setChecking] = useState(false)

  useEffect(() => {
    if (attempt === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempt])

  const errorFor: ErrorFor = (field) => videoProblemText(t, problems[field]) ?? hostFieldText(t, host, field)
  const Fields = FIELDS[family]
  const names = useActiveNames()
  // The request the form would send, as typed: its model and price fields decide the estimate.
  const drafts = useVideoDraft((s) => s.drafts)
  const input = useMemo(() => readDraft(family, drafts, names).input, [family, drafts, names])
  const estimate = useEstimate({
    kind: 'video',
    model: input.model,
    params: input,
    ...(input.profileId ? { profileId: input.profileId } : {})
  })

  const switchFamily = (f: VideoFamily) => {
    useVideoUi.getState().setFamily(f)
    setProblems({})
    setHost(null)
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const v = validateDraft(family, useVideoDraft.getState().drafts, names)
    setProblems(v.problems)
    setHost(null)
    setAttempt((n) => n + 1)
    if (!v.request) {
      useVideoUi.getState().setNotice(t('video.form.refused'))
      return
    }
    const request = v.request
    if (hold?.model !== request.model) {
      setChecking(true)
      void checkBalance(request.model, request.profileId).then((p) => {
        setChecking(false)
        if (p?.warn) setHold({ model: request.model, preflight: p })
        else send(request)
      })
      return
    }
    send(request)
  }

  const send = (request: NonNullable<ReturnType<typeof validateDraft>['request']>) => {
    setHold(null)
    const name = request.prompt.trim().slice(0, 60) || request.model
    create.mutate(request, {
      onSuccess: () => useVideoUi.getState().setNotice(t('video.form.created', { name })),
      onError: (err) => setHost(hostProblem(err))
    })
  }

  // The queue: the same checks, then the video waits locally and is sent under the profile's video cap.
  const queryClient = useQueryClient()
  const queued = useMutation({
    mutationFn: (r: VideoCreateRequest) => studio.queue.addVideo({ create: r }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queueKey })
  })
  const addToQueue = () => {
    const v = validateDraft(family, useVideoDraft.getState().drafts, names)
    setProblems(v.problems)
    setHost(null)
    setAttempt((n) => n + 1)
    if (!v.request) return
    const name = v.request.prompt.trim().slice(0, 60) || v.request.model
    queued.mutate(v.request, {
      onSuccess: () => useVideoUi.getState().setNotice(t('video.form.queued', { name })),
      onError: (err) => setHost(hostProblem(err))
    })
  }

  const formLevel = problems.form ? videoProblemText(t, problems.form) : null
  return (
    <form
      ref={formRef}
      className="video-form"
      onSubmit={onSubmit}
      onKeyDown={submitOnModEnter}
      noValidate
      aria-label={t('video.view.createTab')}
    >
      <PromptInsert />
      <fieldset className="choice-row video-families">
        <legend className="field-label">{t('video.view.familyLegend')}</legend>
        {VIDEO_FAMILIES.map((f) => (
          <label key={f} className="choice">
            <input type="radio" name="video-family" value={f} checked={family === f} onChange={() => switchFamily(f)} />
            <span className="choice-label">{t(`video.view.family.${f}`)}</span>
          </label>
        ))}
      </fieldset>
      <p className="field-help">{t(`video.view.familyHelp.${family}`)}</p>
      <Fields errorFor={errorFor} />
      {formLevel && (
        <p className="field-error" role="alert">
          {formLevel}
        </p>
      )}
      {/* Also for a field refusal: the field it names may not be on screen (a removed row). */}
      {host && <HostAlert problem={host} />}
      {hold && <PreflightWarning hold={hold} />}
      <RequestPreview method="POST" route={CREATE_ROUTE[ROUTE_OF_FAMILY[family]]} body={input} />
      <VideoCompareControl />
      <SendFooter
        estimate={estimate}
        model={input.model}
        label={
          create.isPending ? t('video.form.sending') : hold ? t('video.preflight.submitAnyway') : t('video.form.submit')
        }
        busy={create.isPending || checking}
        queue={{ add: addToQueue, busy: queued.isPending }}
      />
    </form>
  )
}
