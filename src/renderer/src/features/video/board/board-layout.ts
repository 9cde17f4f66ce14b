/**
 * The board's grid: equal cards in as many columns as fit, so the visible rows are a division and
 * the windowing (gridWindow, shared with the image gallery) keeps only the rows on screen in the DOM.
 */
export const MIN_CARD = 300
export const CARD_GAP = 12
/** Fixed, so every row has one height: long texts are clamped and the full request is in Details. */
export const CARD_HEIGHT = 404

export interface BoardLayout {
  columns: number
  cardWidth: number
  rowHeight: number
}

export function boardLayout(containerWidth: number): BoardLayout {
  const width = Math.max(MIN_CARD, containerWidth)
  const columns = Math.max(1, Math.floor((width + CARD_GAP) / (MIN_CARD + CARD_GAP)))
  const cardWidth = Math.floor((width - CARD_GAP * (columns - 1)) / columns)
  return { columns, cardWidth, rowHeight: CARD_HEIGHT + CARD_GAP }
}
