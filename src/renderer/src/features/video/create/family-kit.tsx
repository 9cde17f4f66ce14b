/**
 * What the four create families have in common: the draft of one family with its model's
 * capabilities, the prompt with its limit, a list of references, and a select of values the model
 * takes with its default marked. Each family's file declares only its own rows.
 */
import type { ReactNode } from 'react'
import { ChoiceField } from '@renderer/components/form/ChoiceField'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { VIDEO_FAMILY_NAME, type DurationRule, type VIDEO_FAMILY, type VideoFamily } from '@shared/domain/video'
import { useVideoDraft } from './draft-store'
import { capFor, type Drafts } from './drafts'
import { TextArea, TextInput, type ErrorFor } from './fields'
import { RefEditor } from './RefEditor'

/** One family's draft, a patch of it, and what its model takes (the profile's model rules applied). */
export function useFamilyDraft<F extends VideoFamily>(family: F) {
  const d: Drafts[F] = useVideoDraft((s) => s.drafts[family])
  const patch = (p: Partial<Drafts[F]>) => useVideoDraft.getState().patch(family, p)
  const cap = capFor(family, d.model, useActiveNames())
  return { d, patch, cap }
}

export function FamilyPrompt(p: {
  value: string
  onChange: (prompt: string) => void
  max: number
  errorFor: ErrorFor
  help?: ReactNode
}) {
  const { t } = useT()
  return (
    <TextArea
      label={t('video.form.prompt')}
      value={p.value}
      onChange={p.onChange}
      max={p.max}
      rows={4}
      error={p.errorFor('prompt')}
      help={p.help}
    />
  )
}

/** The reference list of a family that takes several (`images` or `references`, row i at `<field>.<i>`). */
export function FamilyRefs<F extends Exclude<VideoFamily, typeof VIDEO_FAMILY.videosJson>>(p: {
  family: F
  field: string
  legend: string
  max: number
  help?: ReactNode
  errorFor: ErrorFor
}) {
  const { d, patch, cap } = useFamilyDraft(p.family)
  return (
    <RefEditor
      legend={p.legend}
      refs={d.refs}
      max={p.max}
      kinds={cap.referenceKinds}
      onChange={(refs) => patch({ refs } as Partial<Drafts[F]>)}
      field={p.field}
      rowField={(i) => `${p.field}.${i}`}
      errorFor={p.errorFor}
      testId={`${VIDEO_FAMILY_NAME[p.family]}-refs`}
      help={p.help}
    />
  )
}

/** A select of the values a model takes; `dflt`, the model's default, is marked as such. */
export function ModelChoice({
  values,
  dflt,
  notSent,
  ...field
}: {
  label: string
  value: string
  onChange: (value: string) => void
  values: readonly string[]
  dflt?: string | null
  /** The blank entry (the field is not sent), for an optional field. */
  notSent?: boolean
  error?: string | null
  help?: ReactNode
}) {
  const { t } = useT()
  const labelOf = (v: string) => (v === dflt ? t('video.form.defaultValue', { value: v }) : v)
  return (
    <ChoiceField {...field} choices={values} blank={notSent ? t('video.form.notSent') : undefined} labelOf={labelOf} />
  )
}

/** The length in seconds, with the model's range and its default (where it has one) as help. */
export function DurationField(p: {
  value: string
  onChange: (duration: string) => void
  model: string
  duration: DurationRule
  errorFor: ErrorFor
}) {
  const { t } = useT()
  const { min, max } = p.duration
  return (
    <TextInput
      label={t('video.form.duration')}
      value={p.value}
      inputMode="numeric"
      onChange={p.onChange}
      error={p.errorFor('duration')}
      help={
        p.duration.default === null
          ? t('video.form.durationHelp', { min, max })
          : t('video.form.durationDefault', { min, max, model: p.model, value: p.duration.default })
      }
    />
  )
}
