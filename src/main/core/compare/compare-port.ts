import type { HostEventArgs } from '@shared/contract'
import type { ChatCompareStart, CompareCellState } from '@shared/domain/compare'
import type { GatewayNames } from '@shared/domain/gateway-names'
import type { GalleryItem } from '@shared/domain/images'
import type { RuleProblem } from '@shared/domain/rule-problems'
import type { VideoTask } from '@shared/domain/video'
import type { StudioErrorData } from '@shared/errors'
import type { StoredCell } from './compare-store'

/** A cell's job or task as its area sees it now. */
export interface CellLive {
  state: CompareCellState
  progress: number | null
  note?: string
  startedAt?: number
  endedAt?: number
  error?: StudioErrorData
  itemIds?: string[]
}

/**
 * What a compare run needs of a media area (images, video): its rules, its one create path (the same
 * journal as a single run, under an id the run chose) and what it knows of a job afterwards.
 */
export interface ComparePort<R> {
  /** Every rule problem of one cell's request, as the area's own create would find it. */
  problems(req: R, names: GatewayNames | undefined): RuleProblem[]
  describe(req: R): { model: string; family: string; prompt: string }
  /** The request billed to the run's profile. */
  forProfile(req: R, profileId: string): R
  newRef(): string
  start(req: R, ref: string): Promise<unknown>
  /** The job or task now; undefined when the area has no record of it (it was never journaled). */
  live(ref: string): CellLive | undefined
  /** The area's event about one of its jobs or tasks, read as a cell's state. */
  fromEvent(...event: HostEventArgs): { ref: string; live: CellLive } | null
  /** What the page shows of a cell's result. */
  results(cell: StoredCell): { items?: GalleryItem[]; task?: VideoTask }
  /** Picks the cell as the winner in its area (images: its results become favourites). */
  keep(cell: StoredCell): Promise<void>
}

/** A chat column's start: its stream, or why it could not start (the other columns still run). */
export interface ColumnStart {
  conversationId: string
  streamId?: string
  userMessageId?: string
  assistantMessageId?: string
  error?: StudioErrorData
}

/**
 * What a compare run needs of chat: its checks and its ordinary conversations. Each column is one
 * conversation, made, sent in and deleted exactly as the chat page would, so every answer streams,
 * saves and survives a restart as a single chat does.
 */
export interface ChatComparePort {
  /** Everything a send would refuse, for the whole run (no column starts on bad input); answers the models as sent. */
  check(input: ChatCompareStart): string[]
  /** Refuses (a missing key, say) before any conversation is made. */
  ready(): Promise<void>
  newRef(): string
  /** A new conversation for one model with the run's format, system instruction and parameters; answers its id. */
  open(input: ChatCompareStart, model: string): Promise<string>
  /** Sends the prompt in a column's conversation. */
  start(input: ChatCompareStart, conversationId: string): Promise<Omit<ColumnStart, 'conversationId' | 'error'>>
  /** The conversations still in the list. */
  existing(): Promise<Set<string>>
  /** Deletes a column's conversation; one already deleted is not an error. */
  discard(conversationId: string): Promise<void>
}
