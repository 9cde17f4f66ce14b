import { useCallback, useEffect, useRef, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import type { Attachment } from '@shared/domain/chat'
import type { FileGrant } from '@shared/domain/files'
import { MAX_ATTACHMENTS, fileProblem } from './attachment-rules'
import { uploadChatImage } from './uploader'

export interface PendingAttachment {
  localId: string
  name: string
  status: 'uploading' | 'ready'
  /** Thumbnail: a blob: URL of the local bytes (revoked when the chip goes) or the host's preview URL. */
  previewUrl?: string
  attachment?: Attachment
}

let nextLocalId = 0

function fromGrant(localId: string, grant: FileGrant, previewUrl?: string): PendingAttachment {
  return {
    localId,
    name: grant.name,
    status: 'ready',
    previewUrl: previewUrl ?? grant.previewUrl,
    attachment: { kind: 'file', fileId: grant.fileId, name: grant.name, mimeType: grant.mimeType, bytes: grant.bytes }
  }
}

function revoke(item: PendingAttachment): void {
  if (item.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(item.previewUrl)
}

/** The composer's images: checked, uploaded as soon as they are added, shown as chips until sent or removed. */
export function useAttachments() {
  const { t } = useT()
  const [items, setItems] = useState<PendingAttachment[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const current = useRef(items)
  useEffect(() => {
    current.current = items
  }, [items])
  useEffect(() => () => current.current.forEach(revoke), [])

  const room = () => MAX_ATTACHMENTS - current.current.length

  const addFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return
      const problems: string[] = []
      const accepted = files.filter((f) => {
        const problem = fileProblem(f)
        if (problem) problems.push(t(`chat.composer.${problem}`, { name: f.name }))
        return !problem
      })
      if (accepted.length > room()) problems.push(t('chat.composer.tooMany'))
      const taken = accepted.slice(0, Math.max(0, room()))
      setNotice(problems.length > 0 ? problems.join(' ') : null)
      for (const file of taken) {
        const localId = `a${nextLocalId++}`
        const previewUrl = URL.createObjectURL(file)
        setItems((list) => [...list, { localId, name: file.name, status: 'uploading', previewUrl }])
        uploadChatImage(file, file.name).then(
          (grant) =>
            setItems((list) => list.map((i) => (i.localId === localId ? fromGrant(localId, grant, previewUrl) : i))),
          (e: unknown) => {
            URL.revokeObjectURL(previewUrl)
            setItems((list) => list.filter((i) => i.localId !== localId))
            setNotice(t('chat.composer.uploadFailed', { name: file.name, message: errorMessage(e) }))
          }
        )
      }
    },
    [t]
  )

  const addUrl = useCallback((url: string) => {
    if (room() <= 0) return false
    setItems((list) => [
      ...list,
      { localId: `a${nextLocalId++}`, name: url, status: 'ready', attachment: { kind: 'url', url } }
    ])
    return true
  }, [])

  const remove = useCallback((localId: string) => {
    setItems((list) => {
      const gone = list.find((i) => i.localId === localId)
      if (gone) revoke(gone)
      return list.filter((i) => i.localId !== localId)
    })
  }, [])

  const clear = useCallback(() => {
    setItems((list) => {
      list.forEach(revoke)
      return []
    })
    setNotice(null)
  }, [])

  return { items, notice, addFiles, addUrl, remove, clear }
}
