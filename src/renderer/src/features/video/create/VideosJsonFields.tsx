import { useId } from 'react'
import { ChoiceField } from '@renderer/components/form/ChoiceField'
import { useT } from '@renderer/i18n/use-t'
import {
  VIDEO_FAMILY,
  VIDEOS_JSON_AUDIO,
  VIDEOS_JSON_MOTION_LEVELS,
  VIDEOS_JSON_SCENARIO_IDS,
  VIDEOS_JSON_SCENE_TYPES,
  VIDEOS_JSON_SECONDS
} from '@shared/domain/video'
import { useVideoDraft } from './draft-store'
import { withScenario, type DraftRef } from './drafts'
import { FamilyPrompt, ModelChoice, useFamilyDraft } from './family-kit'
import { CheckField, TextArea, TextInput, type ErrorFor } from './fields'
import { RefSlot } from './RefEditor'
import { VideoModelField } from './VideoModelField'

/** One of the draft's single references (the image, the last frame), checked at its request field. */
function VideosJsonRef({
  slot,
  field,
  legend,
  testId,
  help,
  errorFor
}: {
  slot: 'image' | 'lastFrame'
  field: string
  legend: string
  testId: string
  help?: string
  errorFor: ErrorFor
}) {
  const { d, patch, cap } = useFamilyDraft(VIDEO_FAMILY.videosJson)
  const onChange = (ref: DraftRef | null) => patch(slot === 'image' ? { image: ref } : { lastFrame: ref })
  return (
    <RefSlot
      legend={legend}
      value={d[slot]}
      kinds={cap.referenceKinds}
      onChange={onChange}
      field={field}
      errorFor={errorFor}
      testId={testId}
      help={help}
    />
  )
}

/** The video-object JSON family (Kl): scenario presets decide which references are needed. */
export function VideosJsonFields({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const name = useId()
  const { d, patch, cap } = useFamilyDraft(VIDEO_FAMILY.videosJson)
  const notSent = t('video.form.notSent')
  return (
    <>
      <VideoModelField family={VIDEO_FAMILY.videosJson} errorFor={errorFor} />
      <fieldset className="choice-row">
        <legend className="field-label">{t('video.form.scenario')}</legend>
        {VIDEOS_JSON_SCENARIO_IDS.map((s) => (
          <label key={s} className="choice">
            <input
              type="radio"
              name={name}
              value={s}
              checked={d.scenario === s}
              onChange={() => useVideoDraft.getState().replace(VIDEO_FAMILY.videosJson, withScenario(d, s))}
            />
            <span className="choice-label">{t(`video.form.scenarios.${s}`)}</span>
          </label>
        ))}
      </fieldset>
      <FamilyPrompt value={d.prompt} onChange={(prompt) => patch({ prompt })} max={cap.promptMax} errorFor={errorFor} />
      {d.scenario !== 'text' && (
        <VideosJsonRef
          slot="image"
          field="image"
          legend={t('video.form.image')}
          testId="videosJson-image"
          help={t('video.refs.urlHelp')}
          errorFor={errorFor}
        />
      )}
      {d.scenario === 'first-last' && (
        <VideosJsonRef
          slot="lastFrame"
          field="last_frame"
          legend={t('video.form.lastFrame')}
          testId="videosJson-last-frame"
          errorFor={errorFor}
        />
      )}
      <div className="field-grid">
        <ModelChoice
          label={t('video.form.seconds')}
          value={d.seconds}
          values={VIDEOS_JSON_SECONDS}
          notSent
          onChange={(seconds) => patch({ seconds })}
          error={errorFor('seconds')}
        />
        <TextInput
          label={t('video.form.sizeWxH')}
          value={d.size}
          placeholder="1280 × 720"
          onChange={(size) => patch({ size })}
          error={errorFor('size')}
        />
        <ChoiceField
          label={t('video.form.sceneType')}
          value={d.sceneType}
          choices={VIDEOS_JSON_SCENE_TYPES}
          blank={notSent}
          onChange={(sceneType) => patch({ sceneType })}
          error={errorFor('scene_type')}
        />
        <ChoiceField
          label={t('video.form.motionLevel')}
          value={d.motionLevel}
          choices={VIDEOS_JSON_MOTION_LEVELS}
          blank={notSent}
          onChange={(motionLevel) => patch({ motionLevel })}
          help={t('video.form.motionLevelHelp')}
        />
      </div>
      <fieldset className="video-subgroup">
        <legend className="field-label">{t('video.form.outputConfig')}</legend>
        <div className="field-grid">
          <TextInput
            label={t('video.form.outputDuration')}
            value={d.outputDuration}
            inputMode="numeric"
            onChange={(outputDuration) => patch({ outputDuration })}
            error={errorFor('output_config.duration')}
          />
          <ModelChoice
            label={t('video.form.outputResolution')}
            value={d.outputResolution}
            values={cap.resolutions}
            notSent
            onChange={(outputResolution) => patch({ outputResolution })}
          />
          <ModelChoice
            label={t('video.form.outputAspect')}
            value={d.outputAspect}
            values={cap.aspectRatios}
            notSent
            onChange={(outputAspect) => patch({ outputAspect })}
          />
          <ChoiceField
            label={t('video.form.audioGeneration')}
            value={d.audioGeneration}
            choices={VIDEOS_JSON_AUDIO}
            blank={notSent}
            onChange={(audioGeneration) => patch({ audioGeneration })}
          />
        </div>
      </fieldset>
      <CheckField label={t('video.form.offpeak')} checked={d.offpeak} onChange={(offpeak) => patch({ offpeak })} />
      <details
        className="video-advanced"
        open={Boolean(errorFor('video_url')) || d.scenario === 'motion-control' || undefined}
      >
        <summary>{t('video.form.advanced')}</summary>
        <TextInput
          label={t('video.form.videoUrl')}
          type="url"
          value={d.videoUrl}
          onChange={(videoUrl) => patch({ videoUrl })}
          error={errorFor('video_url')}
        />
        <TextArea
          label={t('video.form.fileInfos')}
          value={d.fileInfos}
          onChange={(fileInfos) => patch({ fileInfos })}
          mono
          rows={2}
          error={errorFor('file_infos')}
        />
        <TextArea
          label={t('video.form.extInfo')}
          value={d.extInfo}
          onChange={(extInfo) => patch({ extInfo })}
          mono
          rows={2}
          error={errorFor('ext_info')}
        />
      </details>
    </>
  )
}
