import { useRef, useState, type DragEvent, type ReactNode } from 'react'
import { RefRow } from '@renderer/components/form/RefRow'
import { MoreMenu } from '@renderer/components/menu/MoreMenu'
import { useT } from '@renderer/i18n/use-t'
import { carriesFiles, carriesGalleryItem, galleryItemOf } from '@renderer/lib/gallery-drag'
import { studio } from '@renderer/lib/studio'
import type { VideoRefKind } from '@shared/domain/video'
import type { DraftRef } from './drafts'
import type { ErrorFor } from './fields'
import { AssetPicker, GalleryPicker } from './RefPickers'
import { useRefFiles } from './use-ref-files'

export interface RefEditorProps {
  legend: string
  help?: ReactNode
  refs: readonly DraftRef[]
  max: number
  /** Sources this model takes (the domain's referenceKinds). */
  kinds: readonly VideoRefKind[]
  onChange: (refs: DraftRef[]) => void
  /** The field of the whole list (count problems) and of row i. */
  field: string
  rowField: (i: number) => string
  errorFor: ErrorFor
  testId?: string
}

/**
 * A model's references: files (dialog, input or drop), gallery images, URLs (asset://<id> too) and
 * imported assets, each offered only when the model takes that kind. Problems show at the row.
 */
export function RefEditor(p: RefEditorProps) {
  const { t } = useT()
  const files = useRefFiles()
  const input = useRef<HTMLInputElement>(null)
  const [picker, setPicker] = useState<'gallery' | 'asset' | null>(null)
  const [over, setOver] = useState(false)
  const room = p.max - p.refs.length
  const full = room <= 0
  const takes = (k: VideoRefKind) => p.kinds.includes(k)
  const add = (more: DraftRef[]) => {
    if (more.length) p.onChange([...p.refs, ...more].slice(0, p.max))
  }

  const fromDisk = async () => {
    const picked = await files.pick(room)
    if (picked === null) input.current?.click()
    else add(picked)
  }
  // Desktop files (checked by content before upload) and gallery images dragged from Images (by id).
  const accepts = (data: DataTransfer | null) =>
    (takes('file') && carriesFiles(data)) || (takes('gallery') && carriesGalleryItem(data))
  const onDrop = async (e: DragEvent) => {
    if (!accepts(e.dataTransfer)) return
    e.preventDefault()
    setOver(false)
    const itemId = carriesFiles(e.dataTransfer) ? null : galleryItemOf(e.dataTransfer)
    if (!itemId) return add(await files.addFiles(Array.from(e.dataTransfer.files), room))
    if (full) return
    const item = await studio.images.getItem({ id: itemId }).catch(() => null)
    if (item)
      add([
        {
          ref: { kind: 'gallery', itemId: item.id },
          label: item.prompt || t('video.form.untitled'),
          thumbUrl: item.url
        }
      ])
  }
  const rowName = (r: DraftRef, i: number) => {
    if (r.ref.kind === 'file') return t('video.refs.file', { name: r.label })
    if (r.ref.kind === 'gallery') return t('video.refs.gallery', { name: r.label })
    if (r.ref.kind === 'asset') return t('video.refs.asset', { name: r.label || r.ref.assetId })
    return `${t('video.refs.url')} ${i + 1}`
  }
  const listError = files.error ?? p.errorFor(p.field)

  return (
    <fieldset
      className="url-list video-refs"
      data-testid={p.testId}
      data-drop-over={over || undefined}
      onDragOver={(e) => {
        if (!accepts(e.dataTransfer)) return
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => void onDrop(e)}
    >
      <legend className="field-label">{p.legend}</legend>
      {p.refs.map((r, i) => {
        const name = rowName(r, i)
        return (
          <RefRow
            key={i}
            url={r.ref.kind === 'url' ? r.ref.url : null}
            name={name}
            thumbUrl={r.thumbUrl}
            error={p.errorFor(p.rowField(i))}
            onUrl={(url) => p.onChange(p.refs.map((x, k) => (k === i ? { ...x, ref: { kind: 'url', url } } : x)))}
            removeLabel={t('video.refs.remove', { name })}
            onRemove={() => p.onChange(p.refs.filter((_, k) => k !== i))}
          />
        )
      })}
      <div className="form-actions-inline">
        {/* The image sources in one menu; a web address is a row of its own. */}
        {(takes('file') || takes('gallery') || takes('asset')) && (
          <MoreMenu
            text={t('video.refs.addImage')}
            disabled={full}
            items={[
              ...(takes('file')
                ? [{ key: 'file', label: t('video.refs.fromDisk'), onSelect: () => void fromDisk() }]
                : []),
              ...(takes('gallery')
                ? [{ key: 'gallery', label: t('video.refs.fromGallery'), onSelect: () => setPicker('gallery') }]
                : []),
              ...(takes('asset')
                ? [{ key: 'asset', label: t('video.refs.fromAsset'), onSelect: () => setPicker('asset') }]
                : [])
            ]}
          />
        )}
        {takes('url') && (
          <button
            type="button"
            className="button button-small"
            disabled={full}
            onClick={() => add([{ ref: { kind: 'url', url: '' }, label: '' }])}
          >
            {t('video.refs.addUrl')}
          </button>
        )}
        <input
          ref={input}
          type="file"
          hidden
          multiple={room > 1}
          accept="image/png,image/jpeg,image/webp"
          data-testid={p.testId ? `${p.testId}-file-input` : undefined}
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? [])
            e.target.value = ''
            void files.addFiles(chosen, room).then(add)
          }}
        />
      </div>
      {files.busy && <p role="status">{t('video.refs.uploading', { name: files.busy })}</p>}
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      {p.help && <div className="field-help">{p.help}</div>}
      {picker === 'gallery' && (
        <GalleryPicker
          onClose={() => setPicker(null)}
          onPick={(r) => {
            add([r])
            setPicker(null)
          }}
        />
      )}
      {picker === 'asset' && (
        <AssetPicker
          onClose={() => setPicker(null)}
          onPick={(r) => {
            add([r])
            setPicker(null)
          }}
        />
      )}
    </fieldset>
  )
}

/** A slot that holds at most one reference (a first or last frame): its field names the slot and its one row. */
export function RefSlot(
  p: Omit<RefEditorProps, 'refs' | 'max' | 'onChange' | 'rowField'> & {
    value: DraftRef | null
    onChange: (ref: DraftRef | null) => void
  }
) {
  const { value, onChange, ...rest } = p
  return (
    <RefEditor
      {...rest}
      refs={value ? [value] : []}
      max={1}
      onChange={(refs) => onChange(refs[0] ?? null)}
      rowField={() => p.field}
    />
  )
}
