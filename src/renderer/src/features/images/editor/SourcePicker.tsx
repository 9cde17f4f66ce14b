import { useRef, useState, type DragEvent } from 'react'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { useT } from '@renderer/i18n/use-t'
import { checkDroppedImage, dropRefusalText } from '@renderer/lib/dropped-image'
import { errorMessage } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import { useRestore } from '../drop/restore-store'
import { useImagesUi, type EditorSource } from '../images-ui-store'
import { prefetchSource } from './canvas/load-source'
import { sourceOfGrant } from './source'
import { confirmReplaceSource } from './state/replace-source'

/**
 * Uploads a dropped or chosen file for editing. The page refuses a file that is not an image, too
 * large or past the pixel cap before a byte is sent; the host checks content, size and type again.
 * A studio PNG's settings are offered for restoring.
 */
export function useOpenFile() {
  const { t } = useT()
  const [state, setState] = useState<{ busy: string | null; error: string | null }>({ busy: null, error: null })
  const open = async (file: File): Promise<EditorSource | null> => {
    // Decided from the file's size and first bytes: a refused file is never uploaded.
    const check = await checkDroppedImage(file, 'image-edit')
    if (!check.ok) {
      setState({ busy: null, error: dropRefusalText(t, check) })
      return null
    }
    // Asked before a byte is sent: keeping the painted mask leaves everything as it was.
    if (!(await confirmReplaceSource(file.name))) return null
    setState({ busy: file.name, error: null })
    try {
      const grant = await studio.files.upload(file, { purpose: 'image-edit', name: file.name })
      const source = sourceOfGrant(grant, file)
      if (!source) throw new Error(t('images.editor.noSize', { name: grant.name }))
      prefetchSource(source.url, file)
      useImagesUi.getState().openEditor(source)
      if (check.settings) useRestore.getState().setOffer({ name: file.name, settings: check.settings, source })
      setState({ busy: null, error: null })
      return source
    } catch (err) {
      setState({ busy: null, error: errorMessage(err) })
      return null
    }
  }
  return { ...state, open }
}

export function filesOf(e: DragEvent): File[] {
  return Array.from(e.dataTransfer?.files ?? [])
}

/** Drop zone and file button for the editor's source (png, webp, jpg up to 25 MB). */
export function SourcePicker({ compact = false }: { compact?: boolean }) {
  const { t } = useT()
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const { busy, error, open } = useOpenFile()
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    const file = filesOf(e)[0]
    if (file) void open(file)
  }
  return (
    <div
      className={compact ? 'source-picker source-picker-compact' : 'source-picker'}
      data-over={over || undefined}
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {!compact && <h3 className="section-title">{t('images.editor.pickTitle')}</h3>}
      {!compact && <p className="field-help">{t('images.editor.pickBody')}</p>}
      <button
        type="button"
        className="button"
        onClick={() => input.current?.click()}
        aria-busy={busy ? true : undefined}
      >
        {t('images.editor.chooseFile')}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/png,image/jpeg,image/webp"
        data-testid="editor-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void open(file)
        }}
      />
      {busy && (
        <p role="status" className="field-help">
          {t('images.editor.uploading', { name: busy })}
        </p>
      )}
      {error && <FormAlert title={t('images.editor.refused')} detail={error} />}
    </div>
  )
}
