/**
 * "Apply edit": replay the mask at the source's full size in the worker, upload the PNG as the
 * mask grant, then start the edit. Each step is a phase the form shows; a refusal at any step is
 * shown with the host's own message. The mask's size is checked twice (worker output, then the
 * host's reading of the upload): a mask of the wrong size is never sent (Krita AI #1532).
 */
import { useCallback, useState } from 'react'
import { hostProblem, type HostProblem } from '@renderer/components/form/host-errors'
import { useT } from '@renderer/i18n/use-t'
import { studio } from '@renderer/lib/studio'
import type { EditRequest } from '@shared/domain/images'
import type { EditorSource } from '../images-ui-store'
import { useEditImage } from '../mutations'
import { mayHavePaint, type MaskOp } from './model/mask-model'
import { usePainterStore } from './state/painter-store'
import { maskExport } from './worker/mask-export'

/** User-timing marks around the full-resolution mask export (PERFORMANCE C2 reads them). */
export const MASK_EXPORT_START = 'studio:mask-export-start'
export const MASK_EXPORT_END = 'studio:mask-export-end'

export type ApplyPhase = 'idle' | 'exporting' | 'uploading' | 'sending' | 'submitted' | 'failed'

export interface ApplyState {
  phase: ApplyPhase
  jobId?: string
  problem?: HostProblem
  /** Worker timings of the last mask, for the curious (shown in the form's details). */
  maskTiming?: { rasterMs: number; encodeMs: number }
}

export function useApplyEdit() {
  const { t } = useT()
  const edit = useEditImage()
  const [state, setState] = useState<ApplyState>({ phase: 'idle' })
  const mutateAsync = edit.mutateAsync

  const apply = useCallback(
    async (
      request: Omit<EditRequest, 'maskFileId'> & { letGo?: boolean },
      ops: readonly MaskOp[],
      source: EditorSource
    ) => {
      const want = `${source.width}×${source.height}`
      const mismatch = (w: number, h: number) =>
        new Error(t('images.editor.maskSizeMismatch', { got: `${w}×${h}`, want }))
      try {
        let maskFileId: string | undefined
        let maskTiming: ApplyState['maskTiming']
        if (mayHavePaint(ops)) {
          setState({ phase: 'exporting' })
          performance.mark?.(MASK_EXPORT_START)
          const mask = await maskExport.run(ops, source.width, source.height)
          performance.mark?.(MASK_EXPORT_END, { detail: { rasterMs: mask.rasterMs, encodeMs: mask.encodeMs } })
          if (mask.width !== source.width || mask.height !== source.height) throw mismatch(mask.width, mask.height)
          maskTiming = { rasterMs: mask.rasterMs, encodeMs: mask.encodeMs }
          setState({ phase: 'uploading', maskTiming })
          const grant = await studio.files.upload(mask.blob, { purpose: 'image-edit', name: 'mask.png' })
          if (
            grant.width !== undefined &&
            grant.height !== undefined &&
            (grant.width !== source.width || grant.height !== source.height)
          ) {
            throw mismatch(grant.width, grant.height)
          }
          maskFileId = grant.fileId
        }
        setState({ phase: 'sending', maskTiming })
        const job = await mutateAsync({ ...request, ...(maskFileId ? { maskFileId } : {}) })
        setState({ phase: 'submitted', jobId: job.jobId, maskTiming })
        // The result holds this mask's work now: leaving it loses nothing.
        usePainterStore.getState().markSent(ops)
      } catch (err) {
        setState({ phase: 'failed', problem: hostProblem(err) })
      }
    },
    [mutateAsync, t]
  )

  const busy = state.phase === 'exporting' || state.phase === 'uploading' || state.phase === 'sending'
  return { state, apply, busy, reset: () => setState({ phase: 'idle' }) }
}
