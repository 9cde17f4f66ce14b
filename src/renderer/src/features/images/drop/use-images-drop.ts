import { useQueryClient } from '@tanstack/react-query'
import { useState, type DragEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { checkDroppedImage, dropRefusalText } from '@renderer/lib/dropped-image'
import { errorMessage } from '@renderer/lib/error-text'
import { carriesFiles, carriesGalleryItem, galleryItemOf } from '@renderer/lib/gallery-drag'
import { studio } from '@renderer/lib/studio'
import { sourceKey, sourceOfItem } from '../editor/source'
import { useOpenFile } from '../editor/SourcePicker'
import { confirmReplaceSource } from '../editor/state/replace-source'
import { useImagesUi } from '../images-ui-store'
import { imageKeys } from '../queries'
import { dropActionOf, dropTargetOf, type DropPayload } from './drop-routing'
import { useRestore } from './restore-store'

/** A picture from the desktop into the gallery as "Imported", checked before a byte is sent. */
function useImportFile() {
  const { t } = useT()
  const qc = useQueryClient()
  const [state, setState] = useState<{ busy: string | null; error: string | null }>({ busy: null, error: null })
  const importFile = async (file: File) => {
    const check = await checkDroppedImage(file, 'image-edit')
    if (!check.ok) return setState({ busy: null, error: dropRefusalText(t, check) })
    setState({ busy: file.name, error: null })
    try {
      const grant = await studio.files.upload(file, { purpose: 'image-edit', name: file.name })
      const item = await studio.images.importFile({ fileId: grant.fileId })
      void qc.invalidateQueries({ queryKey: imageKeys.galleries() })
      useImagesUi.getState().setNotice(t('flows.drop.imported', { name: file.name }))
      if (check.settings)
        useRestore.getState().setOffer({ name: file.name, settings: check.settings, source: sourceOfItem(item) })
      setState({ busy: null, error: null })
    } catch (err) {
      setState({ busy: null, error: t('flows.drop.importFailed', { name: file.name, message: errorMessage(err) }) })
    }
  }
  return { ...state, importFile }
}

/**
 * Drops anywhere in the Images area: a desktop file on the gallery is imported, elsewhere it opens
 * in the editor; a gallery image dragged onto the editor opens there. A drop a child already took
 * (the editor's own drop zone, the queue's reordering) is left alone.
 */
export function useImagesDrop() {
  const { t } = useT()
  const opener = useOpenFile()
  const importer = useImportFile()
  const [over, setOver] = useState(false)
  const [itemError, setItemError] = useState<string | null>(null)
  // The message shown is the one of the latest drop (an older refusal is not left standing).
  const [last, setLast] = useState<'open' | 'import' | 'item'>('open')

  const openItem = async (id: string) => {
    setItemError(null)
    try {
      const source = sourceOfItem(await studio.images.getItem({ id }))
      if (await confirmReplaceSource(source.label, sourceKey(source))) useImagesUi.getState().openEditor(source)
    } catch {
      setItemError(t('flows.gallery.gone'))
    }
  }

  const onDragOver = (e: DragEvent) => {
    if (!carriesFiles(e.dataTransfer) && !carriesGalleryItem(e.dataTransfer)) return
    const payload: DropPayload = carriesFiles(e.dataTransfer) ? { kind: 'file' } : { kind: 'gallery-item' }
    if (dropActionOf(dropTargetOf(e.target), payload) === 'ignore') return
    e.preventDefault()
    setOver(true)
  }
  const onDragLeave = (e: DragEvent) => {
    if (e.currentTarget === e.target) setOver(false)
  }
  const onDrop = (e: DragEvent) => {
    setOver(false)
    if (e.defaultPrevented) return
    const file = e.dataTransfer?.files?.[0]
    const itemId = file ? null : galleryItemOf(e.dataTransfer)
    const action = dropActionOf(
      dropTargetOf(e.target),
      file ? { kind: 'file' } : itemId ? { kind: 'gallery-item' } : { kind: 'none' }
    )
    if (action === 'ignore') return
    e.preventDefault()
    useRestore.getState().setOffer(null)
    setLast(action === 'import' ? 'import' : action === 'open-item' ? 'item' : 'open')
    if (action === 'import' && file) void importer.importFile(file)
    else if (action === 'open-file' && file) void opener.open(file)
    else if (action === 'open-item' && itemId) void openItem(itemId)
  }

  return {
    over,
    opening: opener.busy,
    importing: importer.busy,
    error: last === 'import' ? importer.error : last === 'item' ? itemError : opener.error,
    /** A pasted image opens in the editor (and sets which message is shown). */
    paste: (file: File) => {
      setLast('open')
      void opener.open(file)
    },
    handlers: { onDragOver, onDragLeave, onDrop }
  }
}
