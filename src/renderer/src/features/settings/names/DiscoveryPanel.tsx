import { useMemo, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorTitle } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import type { DiscoveryReport } from '@shared/domain/discovery'
import { MODEL_FAMILIES, type ModelFamily } from '@shared/domain/gateway-names'
import { VIDEO_FAMILY } from '@shared/domain/video-models'
import { assignModel, draftFamiliesOf, type NamesDraft } from './names-draft'

type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; report: DiscoveryReport }
  | { kind: 'failed'; error: unknown }

/** Where the gateway says a model is served, a first guess at its family (the user decides). */
function guessFamily(endpointTypes: readonly string[] | undefined): ModelFamily {
  const types = (endpointTypes ?? []).map((x) => x.toLowerCase())
  if (types.some((x) => x.includes('image'))) return 'image2'
  if (types.some((x) => x.includes('video'))) return VIDEO_FAMILY.unifiedFirst
  return 'chat'
}

/** One discovered name: the families it is in (in the editor's draft), or a one-action assignment. */
function DiscoveredRow({
  name,
  endpointTypes,
  draft,
  onAssign
}: {
  name: string
  endpointTypes?: string[]
  draft: NamesDraft
  onAssign: (d: NamesDraft) => void
}) {
  const { t } = useT()
  const families = draftFamiliesOf(draft, name)
  const [target, setTarget] = useState<ModelFamily>(() => guessFamily(endpointTypes))
  return (
    <li className="names-discovered" data-model={name}>
      <code className="names-discovered-name">{name}</code>
      {endpointTypes?.length ? <span className="field-help">{endpointTypes.join(', ')}</span> : null}
      <span className={families.length ? 'badge' : 'badge badge-muted'}>
        {families.length
          ? t('names.assigned', { families: families.map((f) => t(`names.families.${f}`)).join('; ') })
          : t('names.unassigned')}
      </span>
      <select
        className="select select-small"
        aria-label={t('names.assignTo', { model: name })}
        value={target}
        onChange={(e) => setTarget(e.target.value as ModelFamily)}
      >
        {MODEL_FAMILIES.map((f) => (
          <option key={f} value={f}>
            {t(`names.families.${f}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button-small"
        aria-label={`${t('names.assign')}: ${name}`}
        disabled={families.includes(target)}
        onClick={() => onAssign(assignModel(draft, target, name))}
      >
        {t('names.assign')}
      </button>
    </li>
  )
}

/**
 * Asks the gateway's model lists and shows every name with the family the draft puts it in; an
 * unassigned name is assigned in one action. A route that fails says so and changes nothing.
 */
export function DiscoveryPanel({
  profileId,
  draft,
  onAssign
}: {
  profileId: string
  draft: NamesDraft
  onAssign: (d: NamesDraft) => void
}) {
  const { t } = useT()
  const [state, setState] = useState<State>({ kind: 'idle' })
  const [filter, setFilter] = useState('')
  const [onlyUnassigned, setOnlyUnassigned] = useState(false)
  const run = async () => {
    setState({ kind: 'running' })
    try {
      setState({ kind: 'done', report: await studio.profiles.discoverModels({ id: profileId }) })
    } catch (error) {
      setState({ kind: 'failed', error })
    }
  }
  const models = useMemo(() => {
    if (state.kind !== 'done') return []
    const byName = new Map<string, string[] | undefined>()
    for (const r of state.report.routes)
      for (const m of r.models) if (!byName.has(m.name) || m.endpointTypes) byName.set(m.name, m.endpointTypes)
    return [...byName.entries()].sort(([a], [b]) => a.localeCompare(b))
  }, [state])
  const q = filter.trim().toLowerCase()
  const shown = models.filter(
    ([name]) =>
      (q === '' || name.toLowerCase().includes(q)) && (!onlyUnassigned || draftFamiliesOf(draft, name).length === 0)
  )
  return (
    <fieldset className="names-section">
      <legend className="section-title">{t('names.discoverLegend')}</legend>
      <p className="field-help">{t('names.discoverHelp')}</p>
      <button
        type="button"
        className="button"
        onClick={() => void run()}
        disabled={state.kind === 'running'}
        aria-busy={state.kind === 'running' || undefined}
      >
        {state.kind === 'running' ? t('names.discovering') : t('names.discover')}
      </button>
      {state.kind === 'failed' && (
        <p className="field-error" role="alert">
          {errorTitle(t, state.error)}
        </p>
      )}
      {state.kind === 'done' && (
        <>
          <ul className="names-routes" aria-label={t('names.discoverLegend')}>
            {state.report.routes.map((r) => (
              <li key={r.route} className={r.ok ? 'field-help' : 'field-error'} data-route-ok={r.ok ? 'true' : 'false'}>
                {r.ok
                  ? t('names.routeOk', { route: r.route, count: r.models.length })
                  : t('names.routeFailed', { route: r.route, message: r.error?.message ?? '' })}
              </li>
            ))}
          </ul>
          <p role="status" className="field-help">
            {t('names.discoveredCount', { count: models.length })}
          </p>
          <div className="names-discover-filters">
            <input
              className="input"
              type="search"
              aria-label={t('names.filter')}
              placeholder={t('names.filter')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <label className="choice">
              <input type="checkbox" checked={onlyUnassigned} onChange={(e) => setOnlyUnassigned(e.target.checked)} />
              <span className="choice-label">{t('names.showUnassigned')}</span>
            </label>
          </div>
          <ul className="names-discovered-list">
            {shown.map(([name, types]) => (
              <DiscoveredRow key={name} name={name} endpointTypes={types} draft={draft} onAssign={onAssign} />
            ))}
          </ul>
        </>
      )}
    </fieldset>
  )
}
