/** Dialogs that choose a reference from the image gallery or from the imported, Active assets. */
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Dialog } from '@renderer/components/Dialog'
import { useT } from '@renderer/i18n/use-t'
import { studio } from '@renderer/lib/studio'
import { useAssets } from '../queries'
import type { DraftRef } from './drafts'

const GALLERY_PICK_LIMIT = 60

/** A picker: its title, what it says when there is nothing to pick, the list, and Close. */
function PickerDialog({
  title,
  empty,
  listClass,
  onClose,
  children
}: {
  title: string
  empty: string | null
  listClass: string
  onClose: () => void
  children: ReactNode
}) {
  const { t } = useT()
  return (
    <Dialog title={title} onClose={onClose} className="video-picker">
      {empty && <p className="field-help">{empty}</p>}
      <ul className={listClass}>{children}</ul>
      <div className="dialog-actions">
        <span className="dialog-actions-spacer" />
        <button type="button" className="button" onClick={onClose}>
          {t('video.refs.close')}
        </button>
      </div>
    </Dialog>
  )
}

export function GalleryPicker({ onPick, onClose }: { onPick: (ref: DraftRef) => void; onClose: () => void }) {
  const { t } = useT()
  const gallery = useQuery({
    queryKey: ['video', 'gallery-pick'],
    queryFn: () => studio.images.listGallery({ limit: GALLERY_PICK_LIMIT })
  })
  const items = gallery.data?.items ?? []
  return (
    <PickerDialog
      title={t('video.refs.pickGalleryTitle')}
      empty={gallery.isSuccess && items.length === 0 ? t('video.refs.noGallery') : null}
      listClass="video-picker-grid"
      onClose={onClose}
    >
      {items.map((item) => {
        const name = item.prompt || t('video.form.untitled')
        return (
          <li key={item.id}>
            <button
              type="button"
              className="video-picker-item"
              aria-label={`${t('video.refs.choose')}: ${name} (${item.width}×${item.height})`}
              onClick={() => onPick({ ref: { kind: 'gallery', itemId: item.id }, label: name, thumbUrl: item.url })}
            >
              <img src={item.url} alt="" loading="lazy" decoding="async" />
              <span>{name}</span>
            </button>
          </li>
        )
      })}
    </PickerDialog>
  )
}

export function AssetPicker({ onPick, onClose }: { onPick: (ref: DraftRef) => void; onClose: () => void }) {
  const { t } = useT()
  const assets = useAssets()
  const usable = (assets.data?.assets ?? []).filter((a) => a.state === 'active' && a.type === 'Image')
  return (
    <PickerDialog
      title={t('video.refs.pickAssetTitle')}
      empty={assets.isSuccess && usable.length === 0 ? t('video.refs.noAssets') : null}
      listClass="stack-list"
      onClose={onClose}
    >
      {usable.map((a) => (
        <li key={a.id}>
          <button
            type="button"
            className="button"
            onClick={() => onPick({ ref: { kind: 'asset', assetId: a.id }, label: a.name })}
          >
            {t('video.assets.useNamed', { name: a.name })}
          </button>
          <span className="field-help video-mono">{t('video.assets.reference', { id: a.id })}</span>
        </li>
      ))}
    </PickerDialog>
  )
}
