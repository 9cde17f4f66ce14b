import type { HostEventArgs } from '@shared/contract'
import type { CompareCellState } from '@shared/domain/compare'
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
 * What a compare run needs of an area (images, video): its rules, its one create path (the same
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
