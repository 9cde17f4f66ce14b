import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { LoadFailed } from '@renderer/components/form/LoadFailed'
import { useWindowedGrid } from '@renderer/components/grid/use-windowed-grid'
import { WindowedGrid } from '@renderer/components/grid/WindowedGrid'
import { useT } from '@renderer/i18n/use-t'
import type { GalleryMonth } from '@shared/domain/gallery-timeline'
import type { GalleryItem } from '@shared/domain/images'
import { useImagesUi } from '../images-ui-store'
import { imageKeys, useGallery, useGalleryMonths } from '../queries'
import { DeleteItemDialog } from './DeleteItemDialog'
import { GalleryCell } from './GalleryCell'
import { GalleryFilters } from './GalleryFilters'
import { ImageViewer } from './ImageViewer'
import { SelectionBar } from './SelectionBar'
import { monthOf, TimelineScrubber } from './TimelineScrubber'
import { useAnchoredScroll } from './use-anchored-scroll'
import { useGalleryActions } from './use-gallery-actions'

/**
 * The gallery: a windowed grid (only the rows on screen are in the DOM), filters, and item actions.
 * Items come from the host page by page; the next page loads when the window nears the end. A search
 * is the host's ranking, best first, and each cell's caption shows where its prompt matched.
 * Browsing (no search) is a timeline: pages load either way as the user scrolls and only a few are
 * kept, and the scrubber beside the grid jumps to any month (a new start for the pages).
 */
export function Gallery() {
  const { t } = useT()
  const filter = useImagesUi((s) => s.filter)
  const filterKey = JSON.stringify(filter)
  // Where the timeline jumped to, for this filter (a new filter starts at the top); `seq` makes a second press of the same month a new start too.
  const [jump, setJump] = useState<{ filterKey: string; from: number | undefined; seq: number } | null>(null)
  // The month jumped to stays the current one until the user scrolls on their own: the pages
  // loaded above it may leave a row of the newer month at the top.
  const [pinned, setPinned] = useState<string | undefined>(undefined)
  const unpin = useCallback(() => setPinned(undefined), [])
  const from = jump?.filterKey === filterKey ? jump.from : undefined
  const gallery = useGallery(filter, from)
  const searching = !!filter.query?.trim()
  // A search is ranked, not dated: no timeline beside it.
  const months = useGalleryMonths(filter).data
  const items = useMemo(() => gallery.data?.pages.flatMap((p) => p.items) ?? [], [gallery.data])
  // The months add up to the filter's total and are asked for again after every change; the page's total until they arrive.
  const total = months ? months.reduce((n, m) => n + m.count, 0) : gallery.data?.pages[0]?.total
  // Where a search matched each item (the host's excerpts), while one is shown.
  const excerpts = useMemo(
    () => new Map(gallery.data?.pages.flatMap((p) => p.excerpts ?? []).map((e) => [e.id, e])),
    [gallery.data]
  )
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
  const { hasNextPage, hasPreviousPage, isFetching, fetchNextPage, fetchPreviousPage } = gallery
  const attach = useAnchoredScroll({
    items,
    columns: win.layout.columns,
    rowHeight: win.layout.rowHeight,
    hasAbove: hasPreviousPage,
    startKey: `${filterKey}|${from ?? ''}|${jump?.seq ?? 0}`,
    attach: grid.attach,
    onScroll: win.onScroll
  })

  // Load the next page before the user reaches the end of what is loaded, and the one above before the top
  // (one fetch at a time: a second would cancel the first).
  useEffect(() => {
    if (isFetching) return
    if (hasNextPage && win.endIndex >= items.length - win.layout.columns * 3) void fetchNextPage()
    else if (hasPreviousPage && win.startIndex <= win.layout.columns * 3) void fetchPreviousPage()
  }, [
    hasNextPage,
    hasPreviousPage,
    isFetching,
    fetchNextPage,
    fetchPreviousPage,
    win.startIndex,
    win.endIndex,
    items.length,
    win.layout.columns
  ])

  const queryClient = useQueryClient()
  const jumpTo = useCallback(
    (month: GalleryMonth, newest: boolean) => {
      const start = newest ? undefined : month.newest
      // A fresh start: pages this start held from an earlier visit may lie anywhere by now.
      void queryClient.resetQueries({ queryKey: imageKeys.galleryFrom(filter, start), exact: true })
      setJump((j) => ({ filterKey, from: start, seq: (j?.seq ?? 0) + 1 }))
      setPinned(month.month)
    },
    [queryClient, filter, filterKey]
  )
  const topItem = items[Math.min(items.length - 1, win.startRow > 0 ? win.startIndex + win.layout.columns * 2 : 0)]

  const toggleFavorite = (i: number) => actions.toggleFavorite(items[i])
  const keys = {
    Enter: setViewing,
    e: (i: number) => actions.edit(items[i]),
    E: (i: number) => actions.edit(items[i]),
    f: toggleFavorite,
    F: toggleFavorite,
    Delete: (i: number) => actions.askDelete(items[i])
  }

  return (
    <section className="gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="section-title">
        {t('images.gallery.label')}
      </h2>
      <GalleryFilters total={total} />
      <SelectionBar selected={selected} onClear={clearSelection} fallbackFocus={fallbackFocus} />
      {gallery.isError && <LoadFailed title={t('images.gallery.loadFailed')} error={gallery.error} />}
      {gallery.isSuccess && items.length === 0 && (
        <p className="field-help">
          {filterIsEmpty(filter) ? t('images.gallery.empty') : t('images.gallery.noMatches')}
        </p>
      )}
      <div className="gallery-body">
        <div className="gallery-grid-wrap" onWheel={unpin} onKeyDown={unpin} onPointerDown={unpin} onTouchMove={unpin}>
          <WindowedGrid
            grid={{ ...grid, attach }}
            label={t('images.gallery.label')}
            hint={t('images.gallery.keyboardHint')}
            classPrefix="gallery"
            keys={keys}
            renderCell={(index, column) => {
              const item = items[index]
              return (
                <GalleryCell
                  key={item.id}
                  item={item}
                  index={index}
                  column={column}
                  active={index === activeIndex}
                  width={win.layout.cellWidth}
                  actions={actions}
                  onFocusCell={setActive}
                  selected={selected.has(item.id)}
                  onToggleSelect={toggleSelect}
                  onOpen={setViewing}
                  excerpt={excerpts.get(item.id)}
                />
              )
            }}
          />
        </div>
        {!searching && months && (
          <TimelineScrubber
            months={months}
            current={pinned ?? (topItem ? monthOf(topItem.createdAt) : undefined)}
            onJump={(m) => jumpTo(m, m === months[0])}
          />
        )}
      </div>
      {viewing !== null && items.length > 0 && (
        <ImageViewer
          items={items}
          index={viewing}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
          actions={actions}
          fallbackFocus={fallbackFocus}
        />
      )}
      {deleting && <DeleteItemDialog item={deleting} onClose={() => setDeleting(null)} fallbackFocus={fallbackFocus} />}
    </section>
  )
}

function filterIsEmpty(f: { query?: string; model?: string; origin?: string; favorite?: boolean }): boolean {
  return !f.query && !f.model && !f.origin && !f.favorite
}
