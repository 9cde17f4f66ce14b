import { memo } from 'react'
import { IconButton } from '@renderer/components/IconButton'
import { MarkedText } from '@renderer/components/MarkedText'
import { MoreMenu } from '@renderer/components/menu/MoreMenu'
import { useT } from '@renderer/i18n/use-t'
import { setGalleryItemDrag } from '@renderer/lib/gallery-drag'
import type { GalleryExcerpt, GalleryItem } from '@shared/domain/images'
import { galleryMenu } from './gallery-menu'
import type { GalleryActions } from './use-gallery-actions'

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
  /** Opens the large viewer at this item. */
  onOpen: (index: number) => void
  /** Where the gallery's search matched this item, while a search is shown. */
  excerpt?: GalleryExcerpt
}

/**
 * One thumbnail (by host media URL, lazily decoded) named by its prompt. A click on the picture
 * opens the large viewer; on the tile only Favourite and a "More" menu, so the picture stays
 * visible. Only the active cell is in the Tab order (roving tabindex); its controls follow it.
 */
export const GalleryCell = memo(function GalleryCell({
  item,
  index,
  column,
  active,
  width,
  actions,
  onFocusCell,
  selected,
  onToggleSelect,
  onOpen,
  excerpt
}: GalleryCellProps) {
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
        {/* The keyboard opens the viewer with Enter on the cell; the picture is the mouse's way in. */}
        <img
          className="gallery-thumb"
          src={item.url}
          alt=""
          loading="lazy"
          decoding="async"
          width={width}
          height={width}
          onClick={() => onOpen(index)}
        />
        <input
          type="checkbox"
          className="gallery-select"
          tabIndex={tab}
          checked={selected}
          aria-label={t('images.gallery.select', { name })}
          onChange={() => onToggleSelect(item.id)}
        />
        <div className="gallery-tools">
          <IconButton
            icon="star"
            filled={item.favorite}
            label={t('images.gallery.favorite')}
            keys="F"
            tabIndex={tab}
            aria-pressed={item.favorite}
            onClick={() => actions.toggleFavorite(item)}
            className="gallery-fav"
          />
          <MoreMenu items={galleryMenu(t, actions, item, () => onOpen(index))} tabIndex={tab} />
        </div>
      </div>
      {excerpt ? (
        <p
          className="gallery-caption gallery-match"
          aria-hidden="true"
          data-testid="gallery-match"
          title={excerpt.match}
        >
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
