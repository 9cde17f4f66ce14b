/**
 * References from disk: the system dialog (files:pick) in the Electron shell, <input type=file> or a
 * drop with files:upload elsewhere. Size and type are checked here before a byte is sent (the spec:
 * PNG, JPEG or WebP, at most 50 MB); the host checks them again by content, plus the 1:4-4:1 ratio.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { checkDroppedImage, dropRefusalText } from '@renderer/lib/dropped-image'
import { errorMessage } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import { formatBytes, type FileGrant } from '@shared/domain/files'
import { VIDEO_LIMITS } from '@shared/domain/video'
import type { DraftRef } from './drafts'

const TYPES: readonly string[] = VIDEO_LIMITS.refImageTypes

function grantRef(g: FileGrant): DraftRef {
  return { ref: { kind: 'file', fileId: g.fileId }, label: g.name, thumbUrl: g.previewUrl }
}

/** True when the width:height of a granted image lies strictly within 1:4 to 4:1 (or is unknown). */
export function ratioAllowed(width?: number, height?: number): boolean {
  if (!width || !height) return true
  const r = width / height
  return r > VIDEO_LIMITS.refRatioMin && r < VIDEO_LIMITS.refRatioMax
}

export function useAppShell(): 'electron' | 'browser' | undefined {
  const info = useQuery({ queryKey: ['app', 'info'], queryFn: () => studio.app.getInfo(), staleTime: Infinity })
  return info.data?.shell
}

export interface RefFiles {
  busy: string | null
  error: string | null
  clearError(): void
  /** Checks and grants page files (input or drop); returns the refs that passed, up to `room`. */
  addFiles(files: readonly File[], room: number): Promise<DraftRef[]>
  /** The system dialog (Electron); null when this shell has none (use the input instead). */
  pick(room: number): Promise<DraftRef[] | null>
}

export function useRefFiles(): RefFiles {
  const { t } = useT()
  const shell = useAppShell()
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const checkGrant = (g: FileGrant): DraftRef | null => {
    if (ratioAllowed(g.width, g.height)) return grantRef(g)
    setError(t('video.problems.fileRatio', { name: g.name, width: g.width, height: g.height }))
    void studio.files.release({ fileId: g.fileId }).catch(() => undefined)
    return null
  }

  const addFiles = async (files: readonly File[], room: number): Promise<DraftRef[]> => {
    setError(null)
    const out: DraftRef[] = []
    for (const file of files.slice(0, Math.max(0, room))) {
      if (file.size > VIDEO_LIMITS.refImageMaxBytes) {
        setError(t('video.problems.fileTooLarge', { name: file.name, size: formatBytes(file.size) }))
        continue
      }
      if (file.type && !TYPES.includes(file.type)) {
        setError(t('video.problems.fileType', { name: file.name }))
        continue
      }
      // By content too (a renamed text file, a PNG bomb): refused before a byte is sent.
      const check = await checkDroppedImage(file, 'video-reference')
      if (!check.ok) {
        setError(dropRefusalText(t, check))
        continue
      }
      setBusy(file.name)
      try {
        const ref = checkGrant(await studio.files.upload(file, { purpose: 'video-reference', name: file.name }))
        if (ref) out.push(ref)
      } catch (err) {
        setError(errorMessage(err))
      } finally {
        setBusy(null)
      }
    }
    return out
  }

  const pick = async (room: number): Promise<DraftRef[] | null> => {
    if (shell !== 'electron') return null
    setError(null)
    try {
      const { files } = await studio.files.pick({ purpose: 'video-reference', multiple: room > 1 })
      return files.slice(0, room).flatMap((g) => checkGrant(g) ?? [])
    } catch (err) {
      setError(errorMessage(err))
      return []
    }
  }

  return { busy, error, clearError: () => setError(null), addFiles, pick }
}
