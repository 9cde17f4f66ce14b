import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { GalleryItemSchema } from '../domain/images'
import { LineageSchema, ResultRefSchema, VersionTreeSchema } from '../domain/lineage'

const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)

export const lineageInvokes = {
  'lineage:get': {
    doc: 'Where a result came from (its parents, their parents…) and what was made from it, across images and video.',
    input: ResultRefSchema,
    output: LineageSchema
  },
  'lineage:versions': {
    doc: 'The versions of the picture a gallery image belongs to: its root and every edit, protected copy and picked variation below it, as a tree.',
    input: z.strictObject({ id: Id }),
    output: VersionTreeSchema
  },
  'lineage:pick-version': {
    doc: 'Makes a variation ("More like this") a version of the picture it varies; answers that picture\'s versions.',
    input: z.strictObject({ id: Id }),
    output: VersionTreeSchema
  },
  'lineage:extract-frame': {
    doc: 'Adds a frame of a finished video to the gallery: a PNG the page drew from the player (a files.upload grant with purpose video-frame), at the given time; the link to the video is kept.',
    input: z.strictObject({ videoId: Id, fileId: z.string().min(1).max(64), atSeconds: z.number().min(0).max(86_400) }),
    output: GalleryItemSchema
  }
} satisfies Record<string, InvokeSpec>
