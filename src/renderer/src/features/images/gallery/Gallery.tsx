import { useCallback, useEffect, useMemo, useState } from 'react'
import { LoadFailed } from '@renderer/components/form/LoadFailed'
import { useWindowedGrid } from '@renderer/components/grid/use-windowed-grid'
import { WindowedGrid } from '@renderer/components/grid/WindowedGrid'
import { useT } from '@renderer/i18n/use-t'
import type { GalleryItem } from '@shared/domain/images'
import { useImagesUi } from '../images-ui-store'
import { useGallery } from '../queries'
import { DeleteItemDialog } from './DeleteItemDialog'
import { GalleryCell } from './GalleryCell'
import { GalleryFilters } from './GalleryFilters'
import { ImageViewer } from './ImageViewer'
import { SelectionBar } from './SelectionBar'
import { useGalleryActions } from './use-gallery-actions'

/**
 * The gallery: a windowed grid (only the rows on screen are in the DOM), filters, and item actions.
 * Items come from the host page by page; the next page loads when the window nears the end. A search
 * is the host's ranking, best first, and each cell's caption shows where its prompt matched.
 */
export function Gallery() {
  const { t } = useT()
  const filter = useImagesUi((s) => s.filter)
  const gallery = useGallery(filter)
  const items = useMemo(() => gallery.data?.pages.flatMap((p) => p.items) ?? [], [gallery.data])
  const total = gallery.data?.pages[0]?.total
  // Where a search matched each item (the host's excerpts), while one is shown.
  const excerpts = useMemo(() => new Map(gallery.data?.pages.flatMap((p) => p.excerpts ?? []).map((e) => [e.id, e])), [gallery.data])
  const grid = useWindowedGrid(items.length)
  const { win, activeIndex, setActive, fallbackFocus } = grid
  const [deleting, setDeleting] = useState<GalleryItem | null>(null)
  // The item index the large viewer shows, while it is open.
  const [viewing, setViewing] = useState<number | null>(null)
  const actions = useGalleryActions(setDeleting)
  // Ids chosen for a batch action; the host skips any deleted meanwhile.
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  const toggleSelect = useCallback(
    (id: string) =>
      setSelected((old) => {
        const next = new Set(old)
        if (!next.delete(id)) next.add(id)
        return next
      }),
    []
  )
  const clearSelection = useCallback(() => setSelected(new Set()), [])
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = gallery

  // Load the next page before the user reaches the end of what is loaded.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && win.endIndex >= items.length - win.layout.columns * 3) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, win.endIndex, items.length, win.layout.columns])

  const toggleFavorite = (i: number) => actions.toggleFavorite(items[i])
  const keys = { Enter: setViewing, e: (i: number) => actions.edit(items[i]), E: (i: number) => actions.edit(items[i]), f: toggleFavorite, F: toggleFavorite, Delete: (i: number) => actions.askDelete(items[i]) }

  return (
    <section className="gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="section-title">
        {t('images.gallery.label')}
      </h2>
      <GalleryFilters total={total} />
      <SelectionBar selected={selected} onClear={clearSelection} fallbackFocus={fallbackFocus} />
      {gallery.isError && (
        <LoadFailed title={t('images.gallery.loadFailed')} error={gallery.error} />
      )}
      {gallery.isSuccess && items.length === 0 && <p className="field-help">{filterIsEmpty(filter) ? t('images.gallery.empty') : t('images.gallery.noMatches')}</p>}
      <WindowedGrid
        grid={grid}
        label={t('images.gallery.label')}
        hint={t('images.gallery.keyboardHint')}
        classPrefix="gallery"
        keys={keys}
        renderCell={(index, column) => {
          const item = items[index]
          return (
            <GalleryCell key={item.id} item={item} index={index} column={column} active={index === activeIndex} width={win.layout.cellWidth} actions={actions} onFocusCell={setActive} selected={selected.has(item.id)} onToggleSelect={toggleSelect} onOpen={setViewing} excerpt={excerpts.get(item.id)} />
          )
        }}
      />
      {viewing !== null && items.length > 0 && (
        <ImageViewer items={items} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} actions={actions} fallbackFocus={fallbackFocus} />
      )}
      {deleting && (
        <DeleteItemDialog
          item={deleting}
          onClose={() => setDeleting(null)}
          fallbackFocus={fallbackFocus}
        />
      )}
    </section>
  )
}

function filterIsEmpty(f: { query?: string; model?: string; origin?: string; favorite?: boolean }): boolean {
  return !f.query && !f.model && !f.origin && !f.favorite
}
