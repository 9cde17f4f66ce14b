import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { useLineage } from '@renderer/lib/lineage'
import { useHandoff } from '@renderer/store/handoff'
import type { LineageEdge, LineageNode, ResultRef } from '@shared/domain/lineage'
import './lineage.css'

function Thumb({ node }: { node: LineageNode }) {
  if (node.thumbUrl) return <img className="lineage-thumb" src={node.thumbUrl} alt="" loading="lazy" decoding="async" />
  // Without a poster the video's first frame stands in (only its metadata and first frame load).
  if (node.videoUrl)
    return <video className="lineage-thumb" src={node.videoUrl} preload="metadata" muted aria-hidden="true" />
  return <span className="lineage-thumb" aria-hidden="true" />
}

function Row({ edge, onShow }: { edge: LineageEdge; onShow?: () => void }) {
  const { t } = useT()
  const n = edge.node
  const kind = t(`flows.lineage.kind.${n.kind}`)
  const name = n.prompt.trim() || t('flows.lineage.untitled')
  const relation = t(`flows.lineage.relation.${edge.relation}`, { time: (edge.atSeconds ?? 0).toFixed(2) })
  const show = () => {
    onShow?.()
    useHandoff
      .getState()
      .send(n.kind === 'image' ? { kind: 'show-image', itemId: n.id } : { kind: 'show-video', taskId: n.id })
  }
  return (
    <li
      className="lineage-row"
      data-testid="lineage-row"
      data-kind={n.kind}
      data-relation={edge.relation}
      style={{ marginInlineStart: (edge.depth - 1) * 16 }}
    >
      <Thumb node={n} />
      <span className="lineage-text">
        <span className="lineage-kind">{kind}</span> · {relation}
        {n.model && <> · {n.model}</>}
        <span className="lineage-prompt" title={n.prompt}>
          {n.exists ? name : t('flows.lineage.deleted')}
        </span>
      </span>
      {n.exists && (
        <button
          type="button"
          className="button button-small"
          onClick={show}
          aria-label={t('flows.lineage.showNamed', { kind, name })}
        >
          {t('flows.lineage.show')}
        </button>
      )}
    </li>
  )
}

/**
 * Where a result came from (its parents up the chain, nearest first) and what was made from it,
 * across images and video. "Show" jumps to the other result, in whichever area holds it.
 */
export function LineagePanel({ of, onShow }: { of: ResultRef; onShow?: () => void }) {
  const { t } = useT()
  const q = useLineage(of)
  if (q.isPending) return <p className="field-help">{t('flows.lineage.loading')}</p>
  if (q.isError) return <p className="field-error">{t('flows.lineage.failed', { message: errorMessage(q.error) })}</p>
  const { ancestors, children } = q.data
  return (
    <section className="lineage" aria-label={t('flows.lineage.title')} data-testid="lineage">
      <h3 className="section-title">{t('flows.lineage.madeFrom')}</h3>
      {ancestors.length === 0 ? (
        <p className="field-help">{t('flows.lineage.none')}</p>
      ) : (
        <ol className="lineage-list" aria-label={t('flows.lineage.madeFrom')}>
          {ancestors.map((e) => (
            <Row key={`${e.node.kind}:${e.node.id}`} edge={e} onShow={onShow} />
          ))}
        </ol>
      )}
      <h3 className="section-title">{t('flows.lineage.madeFromThis')}</h3>
      {children.length === 0 ? (
        <p className="field-help">{t('flows.lineage.noChildren')}</p>
      ) : (
        <ul className="lineage-list" aria-label={t('flows.lineage.madeFromThis')}>
          {children.map((e) => (
            <Row key={`${e.node.kind}:${e.node.id}:${e.relation}`} edge={e} onShow={onShow} />
          ))}
        </ul>
      )}
    </section>
  )
}
