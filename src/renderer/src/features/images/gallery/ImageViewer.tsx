import { useRef, useState, type KeyboardEvent } from 'react'
import { Dialog } from '@renderer/components/Dialog'
import { IconButton } from '@renderer/components/IconButton'
import { useT } from '@renderer/i18n/use-t'
import type { GalleryItem } from '@shared/domain/images'
import { useGenerateDraft } from '../generate/draft-store'
import { useImagesUi } from '../images-ui-store'
import { ItemFacts } from './ItemFacts'
import type { GalleryActions } from './use-gallery-actions'

export interface ImageViewerProps {
  items: readonly GalleryItem[]
  index: number
  onIndex: (index: number) => void
  onClose: () => void
  actions: GalleryActions
  fallbackFocus: () => HTMLElement | null
}

/**
 * The large viewer: one gallery picture at most of the window, ← and → for the previous and next
 * loaded picture, and what can be done with it. Escape closes (the dialog's rule).
 */
export function ImageViewer({ items, index, onIndex, onClose, actions, fallbackFocus }: ImageViewerProps) {
  const { t } = useT()
  const [showDetails, setShowDetails] = useState(false)
  // Focus starts on the picture itself, so the arrows move at once and Escape closes (no tooltip opens first).
  const body = useRef<HTMLDivElement>(null)
  const item = items[Math.min(index, items.length - 1)]
  if (!item) return null
  const name = item.prompt || t('images.gallery.untitled')
  const at = items.indexOf(item)
  const go = (step: number) => {
    const next = at + step
    if (next >= 0 && next < items.length) onIndex(next)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    // Arrow keys in a text field move its caret, not the picture.
    if (e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [role="menu"]')) return
    if (e.key === 'ArrowLeft') go(-1)
    else if (e.key === 'ArrowRight') go(1)
    else if ((e.key === 'f' || e.key === 'F') && !e.ctrlKey && !e.metaKey && !e.altKey) actions.toggleFavorite(item)
    else return
    e.preventDefault()
  }
  const leaveWith = (run: () => void) => () => {
    onClose()
    run()
  }
  const compare = () => {
    // The same prompt, ready to run on several models from the Generate form.
    const s = useGenerateDraft.getState()
    if (s.family === 'imagegen') s.patchImagegen({ prompt: item.prompt })
    else s.patchImage2({ prompt: item.prompt })
    useImagesUi.getState().setPanel('generate')
    useImagesUi.getState().setNotice(t('images.viewer.compareReady'))
  }
  return (
    <Dialog
      title={t('images.viewer.title')}
      onClose={onClose}
      className="image-viewer"
      fallbackFocus={fallbackFocus}
      initialFocus={body}
    >
      <div className="image-viewer-body" ref={body} tabIndex={-1} onKeyDown={onKeyDown} data-testid="image-viewer">
        <div className="image-viewer-stage">
          <IconButton
            icon="chevronLeft"
            label={t('images.viewer.previous')}
            keys="←"
            onClick={() => go(-1)}
            aria-disabled={at <= 0 || undefined}
            className="image-viewer-nav"
          />
          <img
            className="image-viewer-image"
            src={item.url}
            alt={name}
            data-testid="viewer-image"
            data-item-id={item.id}
          />
          <IconButton
            icon="chevronRight"
            label={t('images.viewer.next')}
            keys="→"
            onClick={() => go(1)}
            aria-disabled={at >= items.length - 1 || undefined}
            className="image-viewer-nav"
          />
        </div>
        <p className="image-viewer-caption">
          <span className="image-viewer-prompt">{name}</span>
          <span className="field-help">
            {t('images.viewer.position', { at: at + 1, count: items.length })} · {item.width}×{item.height} ·{' '}
            {item.model}
          </span>
        </p>
        {showDetails && (
          <ItemFacts item={item} facts={['origin', 'created']} className="video-dl image-viewer-details" />
        )}
        <div className="image-viewer-actions" role="toolbar" aria-label={t('images.viewer.actions')}>
          <button type="button" className="button button-primary" onClick={leaveWith(() => actions.edit(item))}>
            {t('images.gallery.edit')}
          </button>
          <button type="button" className="button" onClick={leaveWith(() => actions.firstFrame(item))}>
            {t('images.viewer.useInVideo')}
          </button>
          <button type="button" className="button" onClick={leaveWith(compare)}>
            {t('images.viewer.compare')}
          </button>
          <IconButton
            icon="star"
            filled={item.favorite}
            label={t('images.gallery.favorite')}
            keys="F"
            aria-pressed={item.favorite}
            onClick={() => actions.toggleFavorite(item)}
          />
          <IconButton
            icon="info"
            label={t('images.viewer.details')}
            aria-pressed={showDetails}
            onClick={() => setShowDetails((v) => !v)}
          />
          <IconButton
            icon="trash"
            label={t('images.gallery.delete')}
            className="icon-button-danger"
            onClick={leaveWith(() => actions.askDelete(item))}
          />
          <span className="dialog-actions-spacer" />
          <IconButton
            icon="close"
            label={t('images.viewer.close')}
            keys="Esc"
            onClick={onClose}
            placement="bottom-end"
          />
        </div>
      </div>
    </Dialog>
  )
}
