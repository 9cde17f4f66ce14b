import { useT } from '@renderer/i18n/use-t'
import { byNumber, versionNumbers } from '@renderer/lib/versions'
import type { VersionNode, VersionTree } from '@shared/domain/lineage'

/** A version's accessible name: its number, and the version it was made from (a branch shows where it starts). */
export function useVersionName() {
  const { t } = useT()
  return (tree: VersionTree, node: VersionNode): string => {
    const num = versionNumbers(tree)
    const n = num.get(node.id) ?? 0
    return node.parentId
      ? t('flows.versions.itemFrom', { n, from: num.get(node.parentId) ?? 0 })
      : `${t('flows.versions.item', { n })} (${t('flows.versions.original')})`
  }
}

/**
 * The picture's versions under the canvas, in the order they were made. The current one is marked;
 * choosing another makes it the editor's source, so the next edit is made from it (a branch when
 * it already has an edit).
 */
export function VersionStrip({
  tree,
  currentId,
  onPick
}: {
  tree: VersionTree
  currentId: string
  onPick: (node: VersionNode) => void
}) {
  const { t } = useT()
  const name = useVersionName()
  return (
    <nav className="version-strip" aria-label={t('flows.versions.strip')}>
      <ol className="version-list">
        {byNumber(tree).map((node) => {
          const current = node.id === currentId
          return (
            <li key={node.id} className="version-cell" data-depth={node.depth}>
              <button
                type="button"
                className="version-button"
                aria-current={current ? 'true' : undefined}
                disabled={!node.exists}
                title={node.prompt || undefined}
                onClick={() => onPick(node)}
                data-testid="version-button"
              >
                {node.thumbUrl && node.exists ? (
                  <img className="version-thumb" src={node.thumbUrl} alt="" loading="lazy" decoding="async" />
                ) : (
                  <span className="version-thumb" aria-hidden="true" />
                )}
                <span className="version-label">
                  {name(tree, node)}
                  {current && <span className="version-flag"> · {t('flows.versions.current')}</span>}
                  {!node.exists && <span className="version-flag"> · {t('flows.versions.gone')}</span>}
                </span>
              </button>
            </li>
          )
        })}
      </ol>
      <p className="field-help">{t('flows.versions.editHint')}</p>
    </nav>
  )
}
