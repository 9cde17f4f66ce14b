import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import {
  AssetGroupCreateSchema,
  AssetGroupSchema,
  AssetImportRequestSchema,
  AssetSchema,
  VideoCreateRequestSchema,
  VideoFilterSchema,
  VideoRemixRequestSchema,
  VideoSearchHitSchema,
  VideoStateSchema,
  VideoTaskSchema
} from '../domain/video'

const TaskId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
const ProfileId = z.string().min(1).max(64).optional()

export const videoInvokes = {
  'video:create': {
    doc: 'Journals and submits a video task in any family (unified or video-object route; multipart built in the host); follow it with video:task-updated.',
    input: VideoCreateRequestSchema,
    output: VideoTaskSchema
  },
  'video:remix': {
    doc: 'Remixes a finished task on POST /v1/videos/{id}/remix or POST /v1/video/remix; the new task carries remixOf.',
    input: VideoRemixRequestSchema,
    output: VideoTaskSchema
  },
  'video:list': {
    doc: 'Tasks newest first, filtered by state, model, text and date; paged by `before` (createdAt of the last task seen).',
    input: z
      .strictObject({
        filter: VideoFilterSchema.optional(),
        before: z.number().optional(),
        limit: z.number().int().min(1).max(2000).optional()
      })
      .optional(),
    output: z.object({ tasks: z.array(VideoTaskSchema), total: z.number().int() })
  },
  'video:search': {
    doc: 'Tasks whose prompt, model, task id or error contains `query`, best first (bm25, prompt matches above the rest), each with its matching excerpt marked; at most `limit`, `more` when there were others.',
    input: z.strictObject({
      query: z.string().trim().min(1).max(200),
      limit: z.number().int().min(1).max(500).optional()
    }),
    output: z.object({ hits: z.array(VideoSearchHitSchema), more: z.boolean() })
  },
  'video:get': { doc: 'One task.', input: z.strictObject({ id: TaskId }), output: VideoTaskSchema },
  'video:remove': {
    doc: 'Removes a task from the board (and its downloaded file unless keepFile); a running task stops being polled.',
    input: z.strictObject({ id: TaskId, keepFile: z.boolean().optional() }),
    output: z.strictObject({})
  },
  'video:retry-download': {
    doc: 'Tries the result sources again now for a finished task whose download failed or waits.',
    input: z.strictObject({ id: TaskId }),
    output: VideoTaskSchema
  },
  'video:check-now': {
    doc: 'Polls a task now (also brings a lost, unknown or paused task back to polling once).',
    input: z.strictObject({ id: TaskId }),
    output: VideoTaskSchema
  },
  'video:open-file': {
    doc: 'Opens the downloaded video with the system player (Electron); the browser host answers with a download URL instead.',
    input: z.strictObject({ id: TaskId }),
    output: z.object({ opened: z.boolean(), downloadUrl: z.string().optional(), fileName: z.string() })
  },
  'video:submit-again': {
    doc: 'Submits the same request again as a NEW paid task (an explicit user action, e.g. after outcome unknown).',
    input: z.strictObject({ id: TaskId }),
    output: VideoTaskSchema
  },
  'video:assets-create-group': {
    doc: 'Creates an asset group on the gateway (CreateAssetGroup).',
    input: AssetGroupCreateSchema,
    output: AssetGroupSchema
  },
  'video:assets-import': {
    doc: 'Imports an asset by public HTTPS URL (CreateAsset) and follows it until Active or failed (video:assets-changed).',
    input: AssetImportRequestSchema,
    output: AssetSchema
  },
  'video:assets-list': {
    doc: "The profile's asset groups and assets (the selected profile by default).",
    input: z.strictObject({ profileId: ProfileId }).optional(),
    output: z.object({ groups: z.array(AssetGroupSchema), assets: z.array(AssetSchema) })
  },
  'video:assets-refresh': {
    doc: 'Queries one asset now (GetAsset by its import task id).',
    input: z.strictObject({ id: z.string().min(1).max(128) }),
    output: AssetSchema
  }
} satisfies Record<string, InvokeSpec>

export const VideoNoticeSchema = z.object({
  /** The task's studio id: the card to open. */
  id: z.string(),
  state: VideoStateSchema,
  title: z.string(),
  body: z.string(),
  /** true: the OS showed it (the page should not toast it again). */
  shownBySystem: z.boolean(),
  /** What the page words the notice from, in its own language: the prompt (at most 80 characters, '' for none)… */
  prompt: z.string(),
  /** …and for a failure, the gateway's message and code. */
  message: z.string().optional(),
  code: z.string().optional(),
  /** A finished task whose video is not downloaded yet (it is retried). */
  downloadPending: z.boolean().optional()
})
export type VideoNotice = z.infer<typeof VideoNoticeSchema>

export const videoEvents = {
  'video:task-updated': VideoTaskSchema,
  /** Removed tasks: their ids. */
  'video:tasks-removed': z.object({ ids: z.array(z.string()) }),
  'video:assets-changed': z.object({ ids: z.array(z.string()) }),
  /** The host announced an outcome (it alone decides): an OS notification was shown, or the page shows this one. */
  'video:notice': VideoNoticeSchema,
  /** The user clicked an OS notification: open this card. */
  'video:open-requested': z.object({ id: z.string() })
}
