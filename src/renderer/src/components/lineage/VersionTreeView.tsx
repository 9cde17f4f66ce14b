import { useRef, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { useVersions, versionNumbers } from '@renderer/lib/versions'
import { useHandoff } from '@renderer/store/handoff'
import type { VersionNode, VersionTree } from '@shared/domain/lineage'

/** Moves focus among the tree's items with the arrow keys, Home and End (WAI-ARIA tree, all expanded). */
function onTreeKey(e: KeyboardEvent<HTMLUListElement>) {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="treeitem"]')]
  const at = items.indexOf(document.activeElement as HTMLElement)
  const to =
    e.key === 'ArrowDown'
      ? at + 1
      : e.key === 'ArrowUp'
        ? at - 1
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? items.length - 1
            : null
  if (to === null || !items[to]) return
  e.preventDefault()
  for (const el of items) el.tabIndex = -1
  items[to].tabIndex = 0
  items[to].focus()
}

function Branch({
  tree,
  node,
  num,
  onShow
}: {
  tree: VersionTree
  node: VersionNode
  num: Map<string, number>
  onShow?: () => void
}) {
  const { t } = useT()
  const kids = tree.nodes.filter((n) => n.parentId === node.id)
  const n = num.get(node.id) ?? 0
  const label = [
    t('flows.versions.item', { n }),
    node.relation ? t(`flows.lineage.relation.${node.relation}`, { time: '0' }) : t('flows.versions.original'),
    node.exists ? node.prompt || t('flows.lineage.untitled') : t('flows.versions.gone')
  ].join(' · ')
  const show = () => {
    if (!node.exists) return
    onShow?.()
    useHandoff.getState().send({ kind: 'show-image', itemId: node.id })
  }
  return (
    <li
      role="treeitem"
      aria-level={node.depth + 1}
      aria-selected={node.id === tree.currentId}
      aria-expanded={kids.length ? true : undefined}
      aria-label={label}
      tabIndex={node.id === tree.currentId ? 0 : -1}
      className="version-tree-item"
      data-testid="version-tree-item"
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) show()
      }}
    >
      <span className="version-tree-row" aria-hidden="true">
        {node.thumbUrl && node.exists ? (
          <img className="lineage-thumb" src={node.thumbUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="lineage-thumb" />
        )}
        <span>{label}</span>
      </span>
      {kids.length > 0 && (
        <ul role="group" className="version-tree-group">
          {kids.map((k) => (
            <Branch key={k.id} tree={tree} node={k} num={num} onShow={onShow} />
          ))}
        </ul>
      )}
    </li>
  )
}

/** The picture's versions as a tree (edits, branches, picked variations); Enter shows a version in the gallery. */
export function VersionTreeView({ itemId, onShow }: { itemId: string; onShow?: () => void }) {
  const { t } = useT()
  const q = useVersions(itemId)
  const list = useRef<HTMLUListElement>(null)
  if (q.isError) return <p className="field-error">{t('flows.versions.failed', { message: errorMessage(q.error) })}</p>
  if (!q.data) return <p className="field-help">{t('flows.versions.loading')}</p>
  const tree = q.data
  if (tree.nodes.length < 2) return null
  const root = tree.nodes.find((n) => n.id === tree.rootId)
  if (!root) return null
  return (
    <section className="version-tree" aria-labelledby="version-tree-title">
      <h3 className="section-title" id="version-tree-title">
        {t('flows.versions.tree')}
      </h3>
      <ul
        role="tree"
        aria-labelledby="version-tree-title"
        ref={list}
        onKeyDown={onTreeKey}
        className="version-tree-list"
      >
        <Branch tree={tree} node={root} num={versionNumbers(tree)} onShow={onShow} />
      </ul>
    </section>
  )
}
