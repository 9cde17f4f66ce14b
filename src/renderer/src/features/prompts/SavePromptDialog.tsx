import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Dialog } from '@renderer/components/Dialog'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { FormFooter, submitKeyName, submitOnModEnter } from '@renderer/components/form/FormFooter'
import { hostFieldText, hostProblem } from '@renderer/components/form/host-errors'
import { LabeledField } from '@renderer/components/form/LabeledField'
import { TextField } from '@renderer/components/form/TextField'
import { useT } from '@renderer/i18n/use-t'
import { promptKeys } from '@renderer/lib/prompts/queries'
import { studio } from '@renderer/lib/studio'
import { parseTagLine } from '@shared/domain/prompts'
import { usePromptsUi, type SaveTarget } from './prompts-ui-store'
import { saveProblems } from './validate'

/** Name, tags and text of a saved prompt: checked here first, then by the host. */
export function SavePromptDialog({ target }: { target: SaveTarget }) {
  const { t } = useT()
  const qc = useQueryClient()
  const close = usePromptsUi((s) => s.closeSave)
  const [d, setD] = useState({ name: target.name, text: target.text, tags: target.tags.join(', ') })
  const [tried, setTried] = useState(false)
  const save = useMutation({
    mutationFn: () =>
      studio.prompts.save({ id: target.id, name: d.name.trim(), text: d.text, tags: parseTagLine(d.tags) }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: [...promptKeys.all, 'saved'] })
      close()
    }
  })
  const problems = tried ? saveProblems(d) : []
  const host = save.error ? hostProblem(save.error) : null
  const errorFor = (field: 'name' | 'text' | 'tags') => {
    const p = problems.find((x) => x.field === field)
    return p
      ? t(`prompts.form.problems.${p.key}` as 'prompts.form.problems.nameRequired', p.values ?? {})
      : hostFieldText(t, host, field)
  }
  return (
    <Dialog
      title={t(target.id ? 'prompts.form.titleEdit' : 'prompts.form.titleNew')}
      onClose={close}
      busy={save.isPending}
      className="prompt-save-dialog"
    >
      <form
        noValidate
        onKeyDown={submitOnModEnter}
        onSubmit={(e) => {
          e.preventDefault()
          setTried(true)
          if (saveProblems(d).length === 0) save.mutate()
        }}
      >
        <TextField
          label={t('prompts.form.name')}
          value={d.name}
          onChange={(e) => setD({ ...d, name: e.target.value })}
          error={errorFor('name')}
        />
        <TextField
          label={t('prompts.form.tags')}
          value={d.tags}
          onChange={(e) => setD({ ...d, tags: e.target.value })}
          error={errorFor('tags')}
          help={t('prompts.form.tagsHelp')}
        />
        <LabeledField label={t('prompts.form.text')} error={errorFor('text')}>
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              rows={6}
              value={d.text}
              onChange={(e) => setD({ ...d, text: e.target.value })}
            />
          )}
        </LabeledField>
        {host && !host.field && <FormAlert title={t('prompts.form.saveFailed')} detail={host.message} />}
        <FormFooter>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={close} disabled={save.isPending}>
              {t('prompts.form.cancel')}
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={save.isPending}
              title={submitKeyName()}
              aria-keyshortcuts="Control+Enter Meta+Enter"
            >
              {save.isPending ? t('prompts.form.saving') : t('prompts.form.save')}
            </button>
          </div>
        </FormFooter>
      </form>
    </Dialog>
  )
}
