import { useEffect, useRef, useState, type FormEvent } from 'react'
import { hostFieldText, hostProblem, type HostProblem } from '@renderer/components/form/host-errors'
import { HostAlert } from '@renderer/components/form/HostAlert'
import { PromptInsert } from '@renderer/components/prompts/PromptInsert'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { CompareControl } from '../compare/CompareControl'
import { useGenerate } from '../mutations'
import { problemText, type FieldProblems } from '../problems'
import { useGenerateDraft } from './draft-store'
import { validateImage2, validateImagegen, type Family } from './generate-draft'
import { Image2Fields } from './Image2Fields'
import { ImagegenFields } from './ImagegenFields'

export type ErrorFor = (field: string) => string | null

/** Focus the first field that needs attention after a refused submit. */
export function useFocusFirstInvalid(formRef: React.RefObject<HTMLFormElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempt, formRef])
}

/** The generation form: a family switch and exactly that family's fields; validated before any request. */
export function GenerateForm() {
  const { t } = useT()
  const family = useGenerateDraft((s) => s.family)
  const setFamily = useGenerateDraft((s) => s.setFamily)
  const names = useActiveNames()
  const [problems, setProblems] = useState<FieldProblems>({})
  const [host, setHost] = useState<HostProblem | null>(null)
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const generate = useGenerate()
  useFocusFirstInvalid(formRef, attempt)

  const errorFor: ErrorFor = (field) => problemText(t, problems[field]) ?? hostFieldText(t, host, field)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const s = useGenerateDraft.getState()
    const v = s.family === 'imagegen' ? validateImagegen(s.imagegen, names) : validateImage2(s.image2, names)
    setProblems(v.problems)
    setHost(null)
    setAttempt((n) => n + 1)
    if (!v.request) return
    generate.mutate(v.request, { onError: (err) => setHost(hostProblem(err)) })
  }

  const switchFamily = (f: Family) => {
    setFamily(f)
    setProblems({})
    setHost(null)
  }

  return (
    <form ref={formRef} className="image-form" onSubmit={onSubmit} noValidate aria-label={t('images.view.generateTab')}>
      <PromptInsert />
      <fieldset className="choice-row">
        <legend className="field-label">{t('images.generate.family')}</legend>
        {(['imagegen', 'image2'] as const).map((f) => (
          <label key={f} className="choice">
            <input type="radio" name="image-family" value={f} checked={family === f} onChange={() => switchFamily(f)} />
            <span className="choice-label">{t(f === 'imagegen' ? 'images.generate.familyImagegen' : 'images.generate.familyImage2')}</span>
          </label>
        ))}
      </fieldset>
      {family === 'imagegen' ? <ImagegenFields errorFor={errorFor} /> : <Image2Fields errorFor={errorFor} />}
      {host && !host.field && (
        <HostAlert problem={host} />
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-busy={generate.isPending || undefined}>
          {generate.isPending ? t('images.generate.sending') : t('images.generate.submit')}
        </button>
      </div>
      <CompareControl />
    </form>
  )
}
