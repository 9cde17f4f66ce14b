import { useState, type FormEvent } from 'react'
import { Dialog } from '@renderer/components/Dialog'
import { EstimateLine } from '@renderer/components/form/EstimateLine'
import { FormFooter, submitKeyName, submitOnModEnter } from '@renderer/components/form/FormFooter'
import { hostFieldText, hostProblem, type HostProblem } from '@renderer/components/form/host-errors'
import { HostAlert } from '@renderer/components/form/HostAlert'
import { ModelField } from '@renderer/components/form/ModelField'
import { RequestPreview } from '@renderer/components/form/RequestPreview'
import { SelectField } from '@renderer/components/form/SelectField'
import { PromptInsert } from '@renderer/components/prompts/PromptInsert'
import { useT } from '@renderer/i18n/use-t'
import { useEstimate } from '@renderer/lib/balance/estimate'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { modelsOf, VIDEO_NAME_FAMILIES } from '@shared/domain/gateway-names'
import {
  REMIX_RATIOS,
  REMIX_SIZES,
  VIDEO_LIMITS,
  VIDEO_ROUTES,
  type VideoRemixRequest,
  type VideoTask
} from '@shared/domain/video'
import { TextArea, TextInput } from '../create/fields'
import { useRemixVideo } from '../mutations'
import { videoProblemText, vp, type VideoProblems } from '../problems'
import { useVideoUi } from '../video-ui-store'

/** As the contract takes it (ModelNameSchema): printable, no spaces. */
const MODEL_NAME = /^[^\s\p{C}]{1,200}$/u

export interface RemixDraft {
  route: VideoRemixRequest['route'] & string
  model: string
  prompt: string
  size: string
  aspectRatio: string
  parentPostId: string
}

/** Starts from the source: its route, its model, the spec's first size and ratio. */
export function remixDraftOf(task: VideoTask): RemixDraft {
  return {
    route: task.queryRoute,
    model: task.model,
    prompt: '',
    size: REMIX_SIZES[0],
    aspectRatio: REMIX_RATIOS[0],
    parentPostId: ''
  }
}

export function validateRemix(
  task: VideoTask,
  d: RemixDraft
): { request: VideoRemixRequest | null; problems: VideoProblems } {
  const problems: VideoProblems = {}
  if (!d.model.trim() || !MODEL_NAME.test(d.model.trim())) problems.model = { rule: 'modelName' }
  if (!d.prompt.trim()) problems.prompt = vp('promptRequired')
  else if (d.prompt.length > VIDEO_LIMITS.promptMaxOther)
    problems.prompt = vp('promptTooLong', { max: VIDEO_LIMITS.promptMaxOther, count: d.prompt.length })
  if (d.parentPostId.length > 200) problems.parent_post_id = vp('wholeRange', { min: 0, max: 200 })
  if (Object.keys(problems).length > 0) return { request: null, problems }
  return {
    problems,
    request: {
      sourceId: task.id,
      route: d.route,
      model: d.model.trim(),
      prompt: d.prompt,
      size: d.size as VideoRemixRequest['size'],
      aspect_ratio: d.aspectRatio as VideoRemixRequest['aspect_ratio'],
      ...(d.parentPostId.trim() ? { parent_post_id: d.parentPostId.trim() } : {})
    }
  }
}

/** Remix a finished task on either route; the new card is linked to its source on the board. */
export function RemixDialog({ task }: { task: VideoTask }) {
  const { t } = useT()
  const names = useActiveNames()
  const [d, setD] = useState(() => remixDraftOf(task))
  const [problems, setProblems] = useState<VideoProblems>({})
  const [host, setHost] = useState<HostProblem | null>(null)
  const remix = useRemixVideo()
  const patch = (p: Partial<RemixDraft>) => setD((cur) => ({ ...cur, ...p }))
  const errorFor = (field: string) => videoProblemText(t, problems[field]) ?? hostFieldText(t, host, field)
  const close = () => useVideoUi.getState().closeDialog()
  const name = task.prompt.trim().slice(0, 60) || task.model
  const estimate = useEstimate({
    kind: 'video',
    model: d.model,
    params: { size: d.size, via: 'remix' },
    profileId: task.profileId
  })

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const v = validateRemix(task, d)
    setProblems(v.problems)
    setHost(null)
    if (!v.request) return
    remix.mutateAsync(v.request).then(
      (created) => {
        useVideoUi.getState().setNotice(t('video.remix.created'))
        close()
        useVideoUi.getState().requestFocus(created.id)
      },
      (err: unknown) => setHost(hostProblem(err))
    )
  }

  return (
    <Dialog title={t('video.remix.title', { name })} onClose={close} busy={remix.isPending} className="video-remix">
      <form
        className="video-form"
        onSubmit={onSubmit}
        onKeyDown={submitOnModEnter}
        noValidate
        aria-label={t('video.remix.submit')}
      >
        <PromptInsert />
        {task.taskId === null && <p className="warning">{t('video.remix.noTaskId')}</p>}
        <SelectField
          label={t('video.remix.route')}
          value={d.route}
          options={VIDEO_ROUTES.map((r) => ({ value: r, label: t(`video.remix.routes.${r}`) }))}
          onChange={(route) => patch({ route: route as RemixDraft['route'] })}
        />
        <ModelField
          label={t('video.remix.model')}
          value={d.model}
          onChange={(model) => patch({ model })}
          suggestions={[...new Set(VIDEO_NAME_FAMILIES.flatMap((f) => modelsOf(names, f)))]}
          error={errorFor('model')}
          fillWhenBlank={false}
        />
        <TextArea
          label={t('video.remix.prompt')}
          value={d.prompt}
          onChange={(prompt) => patch({ prompt })}
          error={errorFor('prompt')}
          rows={3}
        />
        <div className="field-grid">
          <SelectField
            label={t('video.remix.size')}
            value={d.size}
            options={REMIX_SIZES.map((s) => ({ value: s, label: s }))}
            onChange={(size) => patch({ size })}
          />
          <SelectField
            label={t('video.remix.aspectRatio')}
            value={d.aspectRatio}
            options={REMIX_RATIOS.map((s) => ({ value: s, label: s }))}
            onChange={(aspectRatio) => patch({ aspectRatio })}
          />
        </div>
        <TextInput
          label={t('video.remix.parentPostId')}
          value={d.parentPostId}
          onChange={(parentPostId) => patch({ parentPostId })}
          error={errorFor('parent_post_id')}
        />
        {host && <HostAlert problem={host} />}
        <RequestPreview
          method="POST"
          route={d.route === 'videos' ? `/v1/videos/${task.taskId ?? '{id}'}/remix` : '/v1/video/remix'}
          body={{
            model: d.model.trim(),
            prompt: d.prompt,
            size: d.size,
            aspect_ratio: d.aspectRatio,
            parent_post_id: d.parentPostId.trim(),
            ...(d.route === 'unified' ? { task_id: task.taskId } : {})
          }}
        />
        <FormFooter>
          <EstimateLine preflight={estimate} model={d.model} />
          <div className="dialog-actions">
            <span className="dialog-actions-spacer" />
            <button type="button" className="button" onClick={() => !remix.isPending && close()}>
              {t('video.remix.cancel')}
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={task.taskId === null}
              aria-busy={remix.isPending || undefined}
              title={submitKeyName()}
              aria-keyshortcuts="Control+Enter Meta+Enter"
            >
              {remix.isPending ? t('video.remix.sending') : t('video.remix.submit')}
            </button>
          </div>
        </FormFooter>
      </form>
    </Dialog>
  )
}
