import { memo } from 'react'
import { MarkedText } from '@renderer/components/MarkedText'
import { useT } from '@renderer/i18n/use-t'
import { setGalleryItemDrag } from '@renderer/lib/gallery-drag'
import type { GalleryExcerpt, GalleryItem } from '@shared/domain/images'
import type { GalleryActions } from './use-gallery-actions'

/** The item actions shown on the thumbnail: message key, action, destructive. */
const ACTIONS: readonly (readonly ['edit' | 'useAsReference' | 'copyPrompt' | 'export' | 'delete', Exclude<keyof GalleryActions, 'toggleFavorite'>, boolean])[] = [
  ['edit', 'edit', false],
  ['useAsReference', 'useAsReference', false],
  ['copyPrompt', 'copyPrompt', false],
  ['export', 'exportItem', false],
  ['delete', 'askDelete', true]
]
/** Where the image can go next; the details dialog offers the last frame and video reference too. */
const FLOW_ACTIONS = ['firstFrame', 'details'] as const

export interface GalleryCellProps {
  item: GalleryItem
  index: number
  column: number
  active: boolean
  width: number
  actions: GalleryActions
  onFocusCell: (index: number) => void
  selected: boolean
  onToggleSelect: (id: string) => void
  /** Where the gallery's search matched this item, while a search is shown. */
  excerpt?: GalleryExcerpt
}

/**
 * One thumbnail (by host media URL, lazily decoded) named by its prompt, with its actions. Only
 * the active cell is in the Tab order (roving tabindex); its buttons follow it.
 */
export const GalleryCell = memo(function GalleryCell({ item, index, column, active, width, actions, onFocusCell, selected, onToggleSelect, excerpt }: GalleryCellProps) {
  const { t } = useT()
  const name = item.prompt || t('images.gallery.untitled')
  const tab = active ? 0 : -1
  return (
    <div
      role="gridcell"
      aria-colindex={column + 1}
      aria-label={name}
      tabIndex={tab}
      data-index={index}
      className={selected ? 'gallery-cell gallery-cell-selected' : 'gallery-cell'}
      style={{ width }}
      // Dragged onto the editor or a video reference slot, it carries its id only (never a path).
      draggable
      onDragStart={(e) => setGalleryItemDrag(e.dataTransfer, item.id)}
      onFocus={(e) => {
        if (e.target === e.currentTarget || !active) onFocusCell(index)
      }}
    >
      <div className="gallery-media" style={{ height: width }}>
        <img className="gallery-thumb" src={item.url} alt="" loading="lazy" decoding="async" width={width} height={width} />
        <input type="checkbox" className="gallery-select" tabIndex={tab} checked={selected} aria-label={t('images.gallery.select', { name })} onChange={() => onToggleSelect(item.id)} />
        <button type="button" className="gallery-fav" tabIndex={tab} aria-pressed={item.favorite} onClick={() => actions.toggleFavorite(item)}>
          <span aria-hidden="true">{item.favorite ? '★' : '☆'}</span>
          <span className="sr-only">{t('images.gallery.favorite')}</span>
        </button>
        <div className="gallery-actions">
          {ACTIONS.map(([key, run, danger]) => (
            <button key={key} type="button" className={danger ? 'button button-small button-danger' : 'button button-small'} tabIndex={tab} onClick={() => actions[run](item)}>
              {t(`images.gallery.${key}`)}
            </button>
          ))}
          {FLOW_ACTIONS.map((key) => (
            <button key={key} type="button" className="button button-small" tabIndex={tab} onClick={() => actions[key](item)}>
              {t(`flows.gallery.${key}`)}
            </button>
          ))}
        </div>
      </div>
      {excerpt ? (
        <p className="gallery-caption gallery-match" aria-hidden="true" data-testid="gallery-match" title={excerpt.match}>
          <MarkedText text={excerpt.match} marks={excerpt.matchMarks} />
        </p>
      ) : (
        <p className="gallery-caption" aria-hidden="true">
          {name}
        </p>
      )}
    </div>
  )
})
