import { z } from 'zod'

/**
 * Where a result came from: links between results of any area (gallery images, video tasks),
 * derived by the host from the requests that made them and kept in the library database.
 */

export const RESULT_KINDS = ['image', 'video'] as const
export type ResultKind = (typeof RESULT_KINDS)[number]

/**
 * How a child was made from its parent: a video from a gallery image as its first frame, last frame
 * or a reference; an image edited (or protected outside the mask) from another; a video remixed
 * from another; an image extracted as a frame of a video; an image picked among the variations
 * ("More like this") of another.
 */
export const LINEAGE_RELATIONS = [
  'first-frame',
  'last-frame',
  'reference',
  'edit',
  'protect',
  'remix',
  'frame',
  'variation'
] as const
export type LineageRelation = (typeof LINEAGE_RELATIONS)[number]

const ResultId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'not a result id')

export const ResultRefSchema = z.strictObject({ kind: z.enum(RESULT_KINDS), id: ResultId })
export type ResultRef = z.infer<typeof ResultRefSchema>

/** One link as stored. */
export interface LineageLink {
  child: ResultRef
  parent: ResultRef
  relation: LineageRelation
  /** A frame's time in the video, seconds. */
  atSeconds?: number
}

/** A result as the lineage view shows it; `exists: false` when it was deleted since. */
export const LineageNodeSchema = z.object({
  kind: z.enum(RESULT_KINDS),
  id: z.string(),
  exists: z.boolean(),
  prompt: z.string(),
  model: z.string(),
  /** A host media URL: the image itself, or the video's poster when it has one. */
  thumbUrl: z.string().optional(),
  /** A video's host media URL (its first frame stands in for a missing poster). */
  videoUrl: z.string().optional(),
  createdAt: z.number().optional()
})
export type LineageNode = z.infer<typeof LineageNodeSchema>

export const LineageEdgeSchema = z.object({
  relation: z.enum(LINEAGE_RELATIONS),
  atSeconds: z.number().optional(),
  /** The child of this link (for an ancestor: the result one step nearer the one asked about). */
  child: ResultRefSchema,
  /** The other end: the parent for `ancestors`, the child for `children`. */
  node: LineageNodeSchema,
  /** Steps from the result asked about (1 = its own parent or child). */
  depth: z.number().int().min(1)
})
export type LineageEdge = z.infer<typeof LineageEdgeSchema>

export const LineageSchema = z.object({
  self: LineageNodeSchema,
  /** Parents, their parents and so on, nearest first. */
  ancestors: z.array(LineageEdgeSchema),
  /** Results made directly from this one, newest first. */
  children: z.array(LineageEdgeSchema)
})
export type Lineage = z.infer<typeof LineageSchema>

/** The links that make one picture's versions: an edit, a protected copy, a picked variation. */
export const VERSION_RELATIONS = ['edit', 'protect', 'variation'] as const satisfies readonly LineageRelation[]
export type VersionRelation = (typeof VERSION_RELATIONS)[number]

/** One version of a picture; `parentId` absent on the root (the picture first made). */
export const VersionNodeSchema = z.object({
  id: z.string(),
  parentId: z.string().optional(),
  relation: z.enum(VERSION_RELATIONS).optional(),
  /** Steps from the root (0 = the root). */
  depth: z.number().int().min(0),
  exists: z.boolean(),
  prompt: z.string(),
  model: z.string(),
  thumbUrl: z.string().optional(),
  createdAt: z.number().optional()
})
export type VersionNode = z.infer<typeof VersionNodeSchema>

/** A picture's versions as a tree, depth first (a parent before its children, older children first). */
export const VersionTreeSchema = z.object({
  rootId: z.string(),
  /** The version asked about. */
  currentId: z.string(),
  nodes: z.array(VersionNodeSchema)
})
export type VersionTree = z.infer<typeof VersionTreeSchema>

/** The largest frame the studio keeps (each side), and the smallest. */
export const FRAME_MAX_SIDE = 8192
export const FRAME_MIN_SIDE = 2
