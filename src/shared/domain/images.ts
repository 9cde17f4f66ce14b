import { z } from 'zod'
import { StudioErrorDataSchema } from '../errors'
import { ExtendSchema } from './extend-plan'
import { ModelNameSchema, ruleOf, type GatewayNames } from './gateway-names-schema'

/*
 * The two body families of POST /v1/images/generations, the native async image task and the two
 * edit families. Which model names belong to which family is the profile's data (gateway-names.ts).
 */

export const RESOLUTIONS = ['1k', '2k', '4k'] as const

/** The edit route's two body families (gateway-names.ts says which models belong to which). */
export type EditFamily = 'editNative' | 'editForm'

/**
 * Edit quality per family (spec: native default `auto`; the form family's models default to
 * `standard`, other values by model: high/medium/low, hd/standard, standard only). A model's own list
 * is a rule in the profile's names (the stand-in image-model-1 has one).
 */
export const EDIT_QUALITY: Readonly<Record<EditFamily, readonly string[]>> = {
  editNative: ['auto', 'high', 'medium', 'low', 'hd', 'standard'],
  editForm: ['standard', 'hd', 'high', 'medium', 'low']
}

export function editQualities(family: EditFamily, model: string, names: GatewayNames | undefined): readonly string[] {
  return ruleOf(names, model).qualities ?? EDIT_QUALITY[family]
}
export const IMAGEGEN_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4'] as const

/** Second family: ratio presets and the size each gives (spec table). */
export const IMAGE2_RATIO_SIZES = {
  '1:1': '1024x1024',
  '4:3': '1536x1152',
  '3:2': '1536x1024',
  '2:3': '1024x1536',
  '16:9': '1920x1080',
  '9:16': '1080x1920'
} as const
export const IMAGE2_SIZES = ['1024x1024', '1536x1152', '1536x1024', '1024x1536', '1920x1080', '1080x1920'] as const

/** Native task: the spec's recommended sizes, as presets. */
export const NATIVE_SIZE_PRESETS = [
  { tier: '1k', width: 1024, height: 1024, ratio: '1:1' },
  { tier: '2k', width: 2048, height: 2048, ratio: '1:1' },
  { tier: '2k', width: 2304, height: 1728, ratio: '4:3' },
  { tier: '2k', width: 2496, height: 1664, ratio: '3:2' },
  { tier: '2k', width: 2560, height: 1440, ratio: '16:9' },
  { tier: '2k', width: 3024, height: 1296, ratio: '21:9' },
  { tier: '4k', width: 4096, height: 4096, ratio: '1:1' },
  { tier: '4k', width: 4694, height: 3520, ratio: '4:3' },
  { tier: '4k', width: 4992, height: 3328, ratio: '3:2' },
  { tier: '4k', width: 5404, height: 3040, ratio: '16:9' },
  { tier: '4k', width: 6198, height: 2656, ratio: '21:9' }
] as const
export const NATIVE_PROMPT_RECOMMENDED_MAX = 800
export const NATIVE_AREA_MIN = 1024 * 1024
export const NATIVE_AREA_MAX = 4096 * 4096
export const NATIVE_IMAGE_URLS_MAX = 10
/** Images per request (`n`) in every family. */
export const IMAGE_COUNT_MAX = 10

/** That an address is one a gateway can fetch (http or https) is a rule of each family (image-rules.ts). */
const ReferenceUrl = z.string().max(4096)

/** A reference image: a public URL, or something local the host turns into what the family accepts. */
export const ImageRefSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('url'), url: ReferenceUrl }),
  z.strictObject({ kind: z.literal('file'), fileId: z.string().min(1).max(64) }),
  z.strictObject({ kind: z.literal('gallery'), itemId: z.string().min(1).max(64) })
])
export type ImageRef = z.infer<typeof ImageRefSchema>

const Prompt = z.string().max(20_000)
/** A family's size notation (`2048*2048`, `1024x1024`) is a rule (image-rules.ts), so the form and the host word it alike. */
const SizeText = z.string().max(20)
/** `watermark` where absent, true and false are three different requests. */
export const TriStateSchema = z.enum(['absent', 'true', 'false'])

export const GenerateRequestSchema = z.discriminatedUnion('family', [
  z.strictObject({
    family: z.literal('imagegen'),
    model: ModelNameSchema,
    prompt: Prompt,
    /** The count's range is a rule (image-rules.ts): 1 to IMAGE_COUNT_MAX here. */
    n: z.number().int().min(0),
    size: SizeText.optional(),
    ratio: z.enum(IMAGEGEN_RATIOS).optional(),
    resolution: z.enum(RESOLUTIONS).optional(),
    /** First family: reference image URLs only. */
    image: z.array(ReferenceUrl).max(10).optional()
  }),
  z.strictObject({
    family: z.literal('image2'),
    model: ModelNameSchema,
    prompt: Prompt,
    /** Absent or 0 becomes 1 at the gateway; the form shows that. */
    n: z.number().int().min(0).optional(),
    size: SizeText.optional(),
    ratio: z.enum(Object.keys(IMAGE2_RATIO_SIZES) as [keyof typeof IMAGE2_RATIO_SIZES]).optional(),
    image: z.array(ImageRefSchema).max(10).optional(),
    response_format: z.enum(['url', 'b64_json']).optional(),
    quality: z.string().max(40).optional(),
    style: z.string().max(200).optional(),
    background: z.string().max(200).optional(),
    watermark: TriStateSchema.default('absent')
  })
])
export type GenerateRequest = z.infer<typeof GenerateRequestSchema>

export const NativeTaskRequestSchema = z.strictObject({
  /** Absent: the first model the profile's names give the native task. */
  model: ModelNameSchema.optional(),
  prompt: Prompt,
  resolution: z.enum(RESOLUTIONS).optional(),
  width: z.number().int().min(64).max(8192).optional(),
  height: z.number().int().min(64).max(8192).optional(),
  /** Deprecated area in pixels (1024x1024 to 4096x4096). */
  size: z.number().int().optional(),
  image_urls: z.array(ReferenceUrl).max(NATIVE_IMAGE_URLS_MAX).optional(),
  force_single: z.boolean().optional()
})
export type NativeTaskRequest = z.infer<typeof NativeTaskRequestSchema>

/** POST /v1/images/edits, built as multipart in the host. The mask is a PNG the painter exported (a granted upload). */
export const EditRequestSchema = z.strictObject({
  source: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('file'), fileId: z.string().min(1).max(64) }),
    z.strictObject({ kind: z.literal('gallery'), itemId: z.string().min(1).max(64) })
  ]),
  maskFileId: z.string().min(1).max(64).optional(),
  prompt: z.string().max(20_000),
  model: ModelNameSchema,
  /** The edit body family; absent: the one the profile's names assign the model to. */
  family: z.enum(['editNative', 'editForm']).optional(),
  n: z.number().int().min(0).optional(),
  size: z.string().max(20).optional(),
  quality: z.string().max(20).optional(),
  watermark: TriStateSchema.default('absent'),
  /** Native family only. */
  ratio: z.string().max(10).optional(),
  response_format: z.enum(['url', 'b64_json']).optional(),
  resolution: z.enum(RESOLUTIONS).optional(),
  /** Extend canvas: the source is placed on a larger canvas and the new area is masked (extend-plan.ts). */
  extend: ExtendSchema.optional()
})
export type EditRequest = z.infer<typeof EditRequestSchema>

/** How a gallery image was made; `frame`: extracted from a video; `import`: a picture from the desktop. */
export const GALLERY_ORIGINS = ['generate', 'native', 'edit', 'protect', 'frame', 'import'] as const

export const GalleryItemSchema = z.object({
  id: z.string(),
  /** Host media URL; never a path, never base64. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(['png', 'jpeg', 'webp', 'gif']),
  bytes: z.number().int(),
  createdAt: z.number(),
  origin: z.enum(GALLERY_ORIGINS),
  profileId: z.string(),
  model: z.string(),
  prompt: z.string(),
  revisedPrompt: z.string().optional(),
  /** The size asked for and the size received, when they differ it is shown. */
  requestedSize: z.string().optional(),
  params: z.record(z.string(), z.unknown()),
  parentId: z.string().optional(),
  maskUrl: z.string().optional(),
  favorite: z.boolean(),
  /** After an edit with a mask: share of pixels changed outside the mask (0..1). */
  outsideMaskChange: z.number().min(0).max(1).optional()
})
export type GalleryItem = z.infer<typeof GalleryItemSchema>

export const ImageJobStatusSchema = z.enum(['running', 'done', 'failed', 'outcome-unknown', 'cancelled'])
export const ImageJobSchema = z.object({
  jobId: z.string(),
  kind: z.enum(['generate', 'native', 'edit']),
  status: ImageJobStatusSchema,
  createdAt: z.number(),
  /** What was asked for, so a card names its job before (and without) any result. Absent in jobs saved before it was kept. */
  prompt: z.string().optional(),
  /** The model asked for (its ETA comes from that model's runs). Absent in jobs saved before it was kept. */
  model: z.string().optional(),
  /** Native task: the gateway's task id, once known. */
  taskId: z.string().optional(),
  progressNote: z.string().optional(),
  /** A running job waiting, not failing: 'key-rejected' = the gateway answered 401; it goes on when the profile's key changes. */
  paused: z.enum(['key-rejected']).optional(),
  items: z.array(GalleryItemSchema),
  error: StudioErrorDataSchema.optional(),
  /** Warnings shown with the result, e.g. "the upstream ignored the mask". */
  warnings: z.array(z.string())
})
export type ImageJob = z.infer<typeof ImageJobSchema>

export const GalleryFilterSchema = z.strictObject({
  query: z.string().max(200).optional(),
  model: z.string().max(100).optional(),
  origin: z.enum(GALLERY_ORIGINS).optional(),
  favorite: z.boolean().optional()
})
export type GalleryFilter = z.infer<typeof GalleryFilterSchema>

/**
 * Where a ranked gallery search goes on: the last item of the page before (its score, then date and
 * id to break ties), so the next page starts after it however many items were seen.
 */
export const GallerySearchCursorSchema = z.strictObject({
  score: z.number(),
  createdAt: z.number(),
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
})
export type GallerySearchCursor = z.infer<typeof GallerySearchCursorSchema>

/** Where a search matched one item: the excerpt and [start, end) offsets of the matched runs in it. */
export const GalleryExcerptSchema = z.object({
  id: z.string(),
  match: z.string(),
  matchMarks: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])).max(64)
})
export type GalleryExcerpt = z.infer<typeof GalleryExcerptSchema>

export const GallerySearchPageSchema = z.object({
  items: z.array(GalleryItemSchema),
  excerpts: z.array(GalleryExcerptSchema),
  total: z.number().int(),
  /** Null on the last page. */
  next: GallerySearchCursorSchema.nullable()
})
export type GallerySearchPage = z.infer<typeof GallerySearchPageSchema>
