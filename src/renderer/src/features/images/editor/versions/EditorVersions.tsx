import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import { useVersions, versionKeys } from '@renderer/lib/versions'
import type { VersionNode } from '@shared/domain/lineage'
import { useImagesUi, type EditorSource } from '../../images-ui-store'
import { useJobs } from '../../queries'
import { sourceKey, sourceOfItem } from '../source'
import { confirmReplaceSource } from '../state/replace-source'
import { MoreLikeThis } from './MoreLikeThis'
import { VariationGroups } from './VariationGroupView'
import { VersionCompare } from './VersionCompare'
import { VersionStrip } from './VersionStrip'
import './versions.css'

/**
 * Under the editor's stage: the picture's versions, a comparison of two of them, and "More like
 * this" for the current one. The current version is the source, or the result of the edit just
 * finished; choosing a version makes it the source, so the next edit is made from it.
 */
export function EditorVersions({ source, jobId }: { source: EditorSource; jobId?: string }) {
  const { t } = useT()
  const qc = useQueryClient()
  const job = useJobs().data?.find((j) => j.jobId === jobId)
  const finished = job?.status === 'done' ? job.items[0]?.id : undefined
  const currentId = finished ?? (source.ref.kind === 'gallery' ? source.ref.itemId : null)
  // The host links a finished edit to its source as it ends: read the tree again then.
  useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: versionKeys.all })
  }, [finished, qc])
  const q = useVersions(currentId)
  const [problem, setProblem] = useState<string | null>(null)
  if (!currentId) return null
  if (q.isError)
    return (
      <p className="editor-versions field-error">{t('flows.versions.failed', { message: errorMessage(q.error) })}</p>
    )
  if (!q.data) return <p className="editor-versions field-help">{t('flows.versions.loading')}</p>
  const tree = q.data
  const current = tree.nodes.find((n) => n.id === currentId)
  const open = async (node: VersionNode) => {
    setProblem(null)
    try {
      const source = sourceOfItem(await studio.images.getItem({ id: node.id }))
      // Another version starts a new mask: an unsent one is not dropped without asking.
      if (await confirmReplaceSource(source.label, sourceKey(source))) useImagesUi.getState().openEditor(source)
    } catch (e) {
      setProblem(errorMessage(e))
    }
  }
  const beforeId = current?.parentId ?? tree.rootId
  return (
    <div className="editor-versions">
      {tree.nodes.length > 1 && <VersionStrip tree={tree} currentId={currentId} onPick={(n) => void open(n)} />}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {tree.nodes.length > 1 && beforeId !== currentId && (
        <VersionCompare key={`${beforeId}:${currentId}`} tree={tree} beforeId={beforeId} afterId={currentId} />
      )}
      <MoreLikeThis itemId={currentId} name={current?.prompt || t('flows.lineage.untitled')} />
      <VariationGroups of={tree.nodes.map((n) => n.id)} />
    </div>
  )
}
