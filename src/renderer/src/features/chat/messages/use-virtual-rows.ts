/**
 * Windowing for the message list, hand-written because no virtualizer is installed and the list
 * needs little: variable heights measured by one ResizeObserver, a fixed overscan, spacer elements
 * above and below (so the rows stay in normal flow and the browser's scroll anchoring still works),
 * and "stick to the bottom while the newest message grows, until the user scrolls up".
 *
 * All DOM reads and writes happen in one requestAnimationFrame per frame (reads first, then the one
 * scroll write), so following a stream never forces a layout per delta.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { computeOffsets, followAfterScroll, visibleRange, type RowRange } from './virtual-range'

export interface VirtualRowsOptions {
  keys: readonly string[]
  /** Height assumed for a row not measured yet. */
  estimate: number
  overscan: number
}

export interface VirtualRows {
  /** Callback ref for the scrolling element. */
  attachScroller: (el: HTMLElement | null) => void
  /** Callback ref for the element wrapping all rows (its growth is what following reacts to). */
  attachContent: (el: HTMLElement | null) => void
  /** Callback ref for each row; the row carries `data-key`. */
  measureRow: (el: HTMLElement | null) => void
  onScroll: () => void
  range: RowRange
  padTop: number
  padBottom: number
  following: boolean
  /** Scrolls to the newest row and follows again. */
  followLatest: () => void
}

/** How long the growing newest row must keep its height before that height is committed to state. */
const SETTLE_MS = 250

/** Before the first layout (and in layout-less test DOMs) assume the window's height. */
function viewportOf(measured: number): number {
  return measured > 0 ? measured : typeof window === 'undefined' ? 800 : window.innerHeight || 800
}

export function useVirtualRows({ keys, estimate, overscan }: VirtualRowsOptions): VirtualRows {
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map())
  const [view, setView] = useState({ scrollTop: 0, viewport: 0 })
  const [following, setFollowing] = useState(true)
  const [anchor, setAnchor] = useState<{ first: string | undefined; correction: number }>({
    first: keys[0],
    correction: 0
  })

  const offsets = useMemo(() => computeOffsets(keys, heights, estimate), [keys, heights, estimate])
  const total = offsets[keys.length]

  // Older rows were prepended: keep the same rows in view by moving down by the height added above.
  let scrollTop = view.scrollTop
  if (anchor.first !== keys[0]) {
    const moved = anchor.first === undefined ? -1 : keys.indexOf(anchor.first)
    const correction = moved > 0 ? offsets[moved] : 0
    scrollTop += correction
    setAnchor({ first: keys[0], correction })
    setView({ ...view, scrollTop })
  }
  const viewport = viewportOf(view.viewport)
  const top = following ? Math.max(0, total - viewport) : scrollTop
  const range = visibleRange(offsets, top, viewport, overscan)

  const scroller = useRef<HTMLElement | null>(null)
  const content = useRef<HTMLElement | null>(null)
  const observer = useRef<ResizeObserver | null>(null)
  const pending = useRef(new Map<string, number>())
  const frame = useRef<number | null>(null)
  const scrolled = useRef(false)
  const followingNow = useRef(true)
  const lastWrittenTop = useRef(0)
  const lastKey = useRef<string | undefined>(keys[keys.length - 1])
  const deferred = useRef(new Map<string, number>())
  const deferTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useLayoutEffect(() => {
    lastKey.current = keys[keys.length - 1]
  }, [keys])

  const commitHeights = useCallback((batch: ReadonlyMap<string, number>) => {
    setHeights((prev) => {
      let next: Map<string, number> | null = null
      for (const [key, h] of batch) {
        if (prev.get(key) === h) continue
        next ??= new Map(prev)
        next.set(key, h)
      }
      return next ?? prev
    })
  }, [])

  const commitDeferred = useCallback(() => {
    if (deferTimer.current !== null) clearTimeout(deferTimer.current)
    deferTimer.current = null
    if (deferred.current.size === 0) return
    const batch = deferred.current
    deferred.current = new Map()
    commitHeights(batch)
  }, [commitHeights])

  const flush = useCallback(() => {
    frame.current = null
    if (pending.current.size > 0) {
      const batch = pending.current
      pending.current = new Map()
      // S1: while following, the growing newest row changes height every frame. Its height stays out
      // of React state (following positions the view from the DOM, and that row is in range anyway),
      // so a delta costs one commit, not two; it is committed once the row stops growing.
      const last = lastKey.current
      const grown = last === undefined ? undefined : batch.get(last)
      if (followingNow.current && last !== undefined && grown !== undefined) {
        batch.delete(last)
        deferred.current.set(last, grown)
        if (deferTimer.current !== null) clearTimeout(deferTimer.current)
        deferTimer.current = setTimeout(commitDeferred, SETTLE_MS)
      }
      if (batch.size > 0) commitHeights(batch)
    }
    const el = scroller.current
    if (!el) return
    const { scrollTop: readTop, clientHeight, scrollHeight } = el
    if (scrolled.current) {
      scrolled.current = false
      followingNow.current = followAfterScroll(followingNow.current, {
        scrollTop: readTop,
        scrollHeight,
        clientHeight,
        lastWrittenTop: lastWrittenTop.current
      })
      setFollowing(followingNow.current)
      if (!followingNow.current) commitDeferred()
    }
    // While following, the rendered range comes from the total height, not the scroll position:
    // keeping scrollTop out of state then saves a commit per frame.
    const follow = followingNow.current
    setView((v) =>
      v.viewport === clientHeight && (follow || v.scrollTop === readTop)
        ? v
        : { scrollTop: readTop, viewport: clientHeight }
    )
    if (followingNow.current && scrollHeight - clientHeight - readTop > 0.5) {
      lastWrittenTop.current = scrollHeight - clientHeight
      el.scrollTop = scrollHeight
    }
  }, [commitHeights, commitDeferred])

  const schedule = useCallback(() => {
    if (frame.current === null) frame.current = requestAnimationFrame(flush)
  }, [flush])

  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const key = (entry.target as HTMLElement).dataset.key
        if (key === undefined) continue
        const h = entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height
        if (h > 0) pending.current.set(key, h)
      }
      schedule()
    })
    observer.current = ro
    if (content.current) ro.observe(content.current)
    for (const row of scroller.current?.querySelectorAll<HTMLElement>('[data-key]') ?? []) ro.observe(row)
    return () => {
      ro.disconnect()
      observer.current = null
      if (frame.current !== null) cancelAnimationFrame(frame.current)
      frame.current = null
      if (deferTimer.current !== null) clearTimeout(deferTimer.current)
      deferTimer.current = null
    }
  }, [schedule])

  // Applies a prepend correction to the element itself (a write only, no read).
  useLayoutEffect(() => {
    if (anchor.correction > 0 && scroller.current && !followingNow.current)
      scroller.current.scrollTop += anchor.correction
  }, [anchor])

  const attachScroller = useCallback(
    (el: HTMLElement | null) => {
      scroller.current = el
      if (el) schedule()
    },
    [schedule]
  )
  const attachContent = useCallback((el: HTMLElement | null) => {
    if (content.current && observer.current) observer.current.unobserve(content.current)
    content.current = el
    if (el) observer.current?.observe(el)
  }, [])
  const measureRow = useCallback((el: HTMLElement | null) => {
    if (!el) return
    observer.current?.observe(el)
    return () => observer.current?.unobserve(el)
  }, [])
  const onScroll = useCallback(() => {
    scrolled.current = true
    schedule()
  }, [schedule])
  const followLatest = useCallback(() => {
    followingNow.current = true
    setFollowing(true)
    schedule()
  }, [schedule])

  return {
    attachScroller,
    attachContent,
    measureRow,
    onScroll,
    range,
    padTop: offsets[range.start],
    padBottom: total - offsets[range.end],
    following,
    followLatest
  }
}
