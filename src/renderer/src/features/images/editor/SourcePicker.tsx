import { useRef, useState, type DragEvent } from 'react'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import { useImagesUi } from '../images-ui-store'
import { prefetchSource } from './load-source'
import { sourceOfGrant } from './source'

/** Uploads a dropped or chosen file for editing; the host checks its content, size and type, and says precisely why not. */
export function useOpenFile() {
  const { t } = useT()
  const [state, setState] = useState<{ busy: string | null; error: string | null }>({ busy: null, error: null })
  const open = async (file: File) => {
    setState({ busy: file.name, error: null })
    try {
      const grant = await studio.files.upload(file, { purpose: 'image-edit', name: file.name })
      const source = sourceOfGrant(grant, file)
      if (!source) throw new Error(t('images.editor.noSize', { name: grant.name }))
      prefetchSource(source.url, file)
      useImagesUi.getState().openEditor(source)
      setState({ busy: null, error: null })
    } catch (err) {
      setState({ busy: null, error: errorMessage(err) })
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
      <button type="button" className="button" onClick={() => input.current?.click()} aria-busy={busy ? true : undefined}>
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
      {error && (
        <FormAlert title={t('images.editor.refused')} detail={error} />
      )}
    </div>
  )
}
