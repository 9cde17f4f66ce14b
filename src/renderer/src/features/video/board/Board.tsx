import { useEffect, useMemo, useState } from 'react'
import { LoadFailed } from '@renderer/components/form/LoadFailed'
import type { CellKeyAction } from '@renderer/components/grid/cell-keys'
import { useWindowedGrid } from '@renderer/components/grid/use-windowed-grid'
import { WindowedGrid } from '@renderer/components/grid/WindowedGrid'
import { useT } from '@renderer/i18n/use-t'
import { useTaskIndex } from '../queries'
import { EMPTY_INDEX, remixesOf } from '../task-index'
import { useVideoUi } from '../video-ui-store'
import { filterTasks, isFilterEmpty, modelsOf } from './board-filter'
import { CARD_HEIGHT } from './board-layout'
import { boardLayout } from './board-layout'
import { BoardFilters } from './BoardFilters'
import { CardDialogs } from './CardDialogs'
import { useBoardSearch } from './use-board-search'
import { useCardActions } from './use-card-actions'
import { VideoCard } from './VideoCard'

/**
 * The job board: a windowed grid of task cards (only the rows on screen are in the DOM, so 1,000
 * tasks cost what 20 do), filters, keyboard movement and the card dialogs. A card is asked to show
 * itself (a notification was clicked) through the UI store's focus request.
 */
export function Board() {
  const { t } = useT()
  const query = useTaskIndex()
  const index = query.data ?? EMPTY_INDEX
  const filter = useVideoUi((s) => s.filter)
  const focusRequest = useVideoUi((s) => s.focusRequest)
  const hits = useBoardSearch(filter.query)
  const ids = useMemo(() => filterTasks(index, filter, hits), [index, filter, hits])
  // A pass over the index (1,000 tasks: well under a millisecond); cards get primitives from it, so
  // a progress update elsewhere leaves their props equal.
  const remixes = useMemo(() => remixesOf(index), [index])
  const models = useMemo(() => modelsOf(index), [index])
  // One row of overscan: cards are tall, so two rows would double the mounted cards.
  const grid = useWindowedGrid(ids.length, boardLayout, 1)
  const { win, activeIndex, setActive, fallbackFocus, focusIndex } = grid
  const actions = useCardActions()

  // A notification (or a lineage link) asked for a card: it becomes the active one (adjusted while
  // rendering, React's pattern for state that follows props); the effect below scrolls to it.
  const [seenSeq, setSeenSeq] = useState(0)
  const requested = focusRequest && query.data ? ids.indexOf(focusRequest.id) : -1
  if (focusRequest && requested >= 0 && focusRequest.seq !== seenSeq) {
    setSeenSeq(focusRequest.seq)
    setActive(requested)
  }
  useEffect(() => {
    if (!focusRequest || !query.data || !(focusRequest.id in index.byId)) return
    const i = ids.indexOf(focusRequest.id)
    if (i < 0) {
      // Filters hide it: clear them, and this runs again with the card in the list.
      if (!isFilterEmpty(filter)) useVideoUi.getState().resetFilter()
      return
    }
    useVideoUi.getState().clearFocusRequest()
    focusIndex(i)
  }, [focusRequest, ids, index.byId, query.data, filter, focusIndex])

  const keys: Record<string, CellKeyAction> = {
    Enter: (i, cell) => {
      const player = cell.querySelector('video')
      if (player) void player.play().catch(() => undefined)
      else actions.details(index.byId[ids[i]])
    },
    Delete: (i) => actions.remove(index.byId[ids[i]])
  }

  return (
    <section className="video-board" aria-labelledby="video-board-title">
      <h2 id="video-board-title" className="section-title">
        {t('video.board.label')}
      </h2>
      <BoardFilters models={models} shown={ids.length} total={index.order.length} />
      {query.isError && <LoadFailed title={t('video.board.loadFailed')} error={query.error} />}
      {hits?.more && filter.query.trim() && (
        <p className="video-more-matches" data-testid="board-more-matches">
          {t('video.board.moreMatches', { count: hits.ids.size })}
        </p>
      )}
      {query.isSuccess && ids.length === 0 && (
        <p className="video-empty" data-testid="board-empty">
          {index.order.length === 0 ? t('video.board.empty') : t('video.board.noMatches')}
        </p>
      )}
      <WindowedGrid
        grid={grid}
        label={t('video.board.label')}
        hint={t('video.board.keyboardHint')}
        classPrefix="video"
        rowHeight={CARD_HEIGHT}
        keys={keys}
        renderCell={(i, column) => {
          const id = ids[i]
          const task = index.byId[id]
          const kids = remixes.get(id)
          const parent = task.remixOf ? index.byId[task.remixOf.id] : undefined
          return (
            <VideoCard
              key={id}
              task={task}
              index={i}
              column={column}
              active={i === activeIndex}
              width={win.layout.cardWidth}
              height={CARD_HEIGHT}
              parentName={parent ? parent.prompt.trim() || parent.model : null}
              remixCount={kids?.length ?? 0}
              excerpt={filter.query.trim() ? (hits?.excerpts?.get(id) ?? null) : null}
              latestRemixId={kids?.[0] ?? null}
              actions={actions}
              onFocusCell={setActive}
            />
          )
        }}
      />
      <CardDialogs index={index} fallbackFocus={fallbackFocus} />
    </section>
  )
}
