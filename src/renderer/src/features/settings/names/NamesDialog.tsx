import { useRef, useState, type FormEvent } from 'react'
import { Dialog } from '@renderer/components/Dialog'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { FormFooter, submitKeyName, submitOnModEnter } from '@renderer/components/form/FormFooter'
import { TextField } from '@renderer/components/form/TextField'
import { useT } from '@renderer/i18n/use-t'
import { downloadText } from '@renderer/lib/download'
import { errorTitle } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import { allModelNames, MODEL_FAMILIES, STANDIN_NAMES, type ModelFamily } from '@shared/domain/gateway-names'
import type { NamesProblem } from '@shared/domain/gateway-names-schema'
import type { ProfileView } from '@shared/domain/profiles'
import { StudioError } from '@shared/errors'
import { DiscoveryPanel } from './DiscoveryPanel'
import { checkDraft, draftToFile, namesToDraft, problemField, type NamesDraft } from './names-draft'
import { RulesEditor } from './RulesEditor'

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'problems'; title: string; problems: NamesProblem[] }
  | { kind: 'failed'; error: unknown }
  | { kind: 'note'; text: string }

const ROUTE_FIELDS = [
  ['nativePath', 'nativeImage.path'],
  ['nativeSubmitAction', 'nativeImage.submitAction'],
  ['nativeResultAction', 'nativeImage.resultAction'],
  ['nativeVersion', 'nativeImage.version'],
  ['nativeReqKey', 'nativeImage.reqKey'],
  ['assetPrefix', 'assetPrefix'],
  ['messagesVersionHeader', 'messagesVersionHeader'],
  ['messagesVersionValue', 'messagesVersionValue']
] as const

const ROUTE_LABELS = {
  nativePath: 'names.nativePath',
  nativeSubmitAction: 'names.nativeSubmitAction',
  nativeResultAction: 'names.nativeResultAction',
  nativeVersion: 'names.nativeVersion',
  nativeReqKey: 'names.nativeReqKey',
  assetPrefix: 'names.assetPrefix',
  messagesVersionHeader: 'names.versionHeader',
  messagesVersionValue: 'names.versionValue'
} as const satisfies Record<(typeof ROUTE_FIELDS)[number][0], string>

function problemsOf(e: unknown): NamesProblem[] | null {
  if (!(e instanceof StudioError) || e.code !== 'INVALID_INPUT') return null
  const list = e.details?.problems
  return Array.isArray(list)
    ? list
        .filter((p): p is NamesProblem => !!p && typeof p === 'object' && 'message' in p)
        .map((p) => ({ field: String(p.field ?? ''), message: String(p.message) }))
    : null
}

/**
 * A profile's gateway names: model names per body family, the vendor routes and headers, per-model
 * rules; discovery from the gateway's model lists; export and import of the names file.
 */
export function NamesDialog({
  profile,
  onClose,
  onSaved
}: {
  profile: ProfileView
  onClose: () => void
  onSaved: (name: string) => void
}) {
  const { t } = useT()
  const [d, setDraft] = useState<NamesDraft>(() => namesToDraft(profile.names))
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const fileInput = useRef<HTMLInputElement>(null)
  const problems = status.kind === 'problems' ? status.problems : []
  const errorAt = (field: string) => {
    const p = problems.find((x) => problemField(x) === field)
    return p ? p.message : null
  }
  const patch = (p: Partial<NamesDraft>) => setDraft((cur) => ({ ...cur, ...p }))
  const setFamily = (f: ModelFamily, text: string) =>
    setDraft((cur) => ({ ...cur, models: { ...cur.models, [f]: text } }))

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const checked = checkDraft(d)
    if (!checked.ok)
      return setStatus({
        kind: 'problems',
        title: t('names.problemsTitle', { count: checked.problems.length }),
        problems: checked.problems
      })
    setStatus({ kind: 'saving' })
    try {
      await studio.profiles.setNames({ id: profile.id, names: checked.names })
      onSaved(profile.name)
    } catch (err) {
      const list = problemsOf(err)
      setStatus(
        list ? { kind: 'problems', title: t('names.saveFailed'), problems: list } : { kind: 'failed', error: err }
      )
    }
  }

  const onImport = async (file: File) => {
    setStatus({ kind: 'note', text: t('names.importing', { name: file.name }) })
    try {
      const view = await studio.profiles.importNames({ id: profile.id, text: await file.text() })
      setDraft(namesToDraft(view.names))
      setStatus({ kind: 'note', text: t('names.imported', { name: file.name }) })
    } catch (err) {
      const list = problemsOf(err)
      setStatus(
        list
          ? { kind: 'problems', title: t('names.importProblemsTitle'), problems: list }
          : { kind: 'failed', error: err }
      )
    }
  }

  const exportFile = () => {
    const slug = profile.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'profile'
    downloadText(`${slug}.names.json`, 'application/json', `${JSON.stringify(draftToFile(d), null, 2)}\n`)
  }

  return (
    <Dialog
      title={t('names.title', { name: profile.name })}
      onClose={onClose}
      busy={status.kind === 'saving'}
      className="names-dialog"
    >
      <form
        className="names-form"
        onSubmit={(e) => void onSubmit(e)}
        onKeyDown={submitOnModEnter}
        noValidate
        aria-label={t('names.title', { name: profile.name })}
      >
        <p className="field-help">{t('names.intro')}</p>
        <DiscoveryPanel profileId={profile.id} draft={d} onAssign={setDraft} />
        <fieldset className="names-section">
          <legend className="section-title">{t('names.modelsLegend')}</legend>
          <p className="field-help">{t('names.modelsHelp')}</p>
          <div className="names-families">
            {MODEL_FAMILIES.map((f) => (
              <label key={f} className="field">
                <span className="field-label">{t(`names.families.${f}`)}</span>
                <textarea
                  className="textarea input-mono"
                  rows={3}
                  value={d.models[f]}
                  spellCheck={false}
                  aria-invalid={errorAt(`models.${f}`) ? true : undefined}
                  onChange={(e) => setFamily(f, e.target.value)}
                />
                {errorAt(`models.${f}`) && <span className="field-error">{errorAt(`models.${f}`)}</span>}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="names-section">
          <legend className="section-title">{t('names.routesLegend')}</legend>
          <div className="field-grid">
            {ROUTE_FIELDS.map(([key, field]) => (
              <TextField
                key={key}
                label={t(ROUTE_LABELS[key])}
                value={d[key]}
                spellCheck={false}
                onChange={(e) => patch({ [key]: e.target.value })}
                error={errorAt(field)}
                help={key === 'assetPrefix' ? t('names.assetPrefixHelp') : undefined}
              />
            ))}
          </div>
        </fieldset>
        <RulesEditor
          rules={d.rules}
          suggestions={allModelNames({
            ...STANDIN_NAMES,
            models: Object.fromEntries(
              MODEL_FAMILIES.map((f) => [
                f,
                d.models[f]
                  .split(/[\n,]/)
                  .map((s) => s.trim())
                  .filter(Boolean)
              ])
            ) as Record<ModelFamily, string[]>
          })}
          onChange={(rules) => patch({ rules })}
          errorFor={(model, i) => errorAt(model ? `rules.${model}` : `rules.${i}`)}
        />
        {status.kind === 'problems' && (
          <FormAlert
            title={status.title}
            detail={
              <span className="names-problems">
                {status.problems.map((p, i) => (
                  <span key={i} className="names-problem">
                    <code>{p.field || t('names.fieldWhole')}</code> {p.message}
                  </span>
                ))}
              </span>
            }
          />
        )}
        {status.kind === 'failed' && <FormAlert title={t('names.saveFailed')} detail={errorTitle(t, status.error)} />}
        {status.kind === 'note' && (
          <p className="field-help" role="status">
            {status.text}
          </p>
        )}
        <FormFooter>
          <div className="dialog-actions names-actions">
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              hidden
              data-testid="names-import-input"
              onChange={(e) => {
                const file = e.target.files?.[0]
                e.target.value = ''
                if (file) void onImport(file)
              }}
            />
            <button type="button" className="button" onClick={() => fileInput.current?.click()}>
              {t('names.import')}
            </button>
            <button type="button" className="button" onClick={exportFile}>
              {t('names.export')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setDraft(namesToDraft(STANDIN_NAMES))
                setStatus({ kind: 'note', text: t('names.resetDone') })
              }}
            >
              {t('names.reset')}
            </button>
            <span className="dialog-actions-spacer" />
            <button type="button" className="button" onClick={onClose} disabled={status.kind === 'saving'}>
              {t('names.cancel')}
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={status.kind === 'saving'}
              title={submitKeyName()}
              aria-keyshortcuts="Control+Enter Meta+Enter"
            >
              {status.kind === 'saving' ? t('names.saving') : t('names.save')}
            </button>
          </div>
        </FormFooter>
      </form>
    </Dialog>
  )
}
