/** The models the sandbox serves, which routes take them, and what they cost in raw quota units. */

export type ModelKind =
  | 'chat'
  | 'image-gen-1' // imagegen-*: `<w>*<h>` sizes, ratio + resolution, URL references
  | 'image-gen-2' // image-model-2: `<w>x<h>` sizes, response_format
  | 'image-edit' // image-model-1 (imagegen-* also edit, as the native edit family)
  | 'video-vidq' // unified create, first family
  | 'video-unified2' // unified create, second family
  | 'video-kl' // /v1/videos JSON family
  | 'video-gk' // /v1/videos multipart family

export interface ModelInfo {
  id: string
  kinds: ModelKind[]
  /** Text: quota per token (prompt); completion tokens cost `completionRatio` times more. */
  ratio?: number
  completionRatio?: number
  /** Media: quota per image, or per second of video. */
  unitPrice?: number
  /** Unified second family: id prefix and reporting quirks. */
  family?: string
  thinking?: boolean
}

const CHAT: ModelInfo[] = [
  { id: 'gemini-2.5-flash', kinds: ['chat'], ratio: 0.15, completionRatio: 8.33 },
  { id: 'gemini-2.5-pro', kinds: ['chat'], ratio: 0.625, completionRatio: 8 },
  { id: 'gemini-2.5-flash-thinking', kinds: ['chat'], ratio: 0.15, completionRatio: 8.33, thinking: true },
  { id: 'claude-sonnet-4-5', kinds: ['chat'], ratio: 1.5, completionRatio: 5 },
  { id: 'claude-sonnet-4-5-think', kinds: ['chat'], ratio: 1.5, completionRatio: 5, thinking: true },
  { id: 'claude-haiku-4-5', kinds: ['chat'], ratio: 0.5, completionRatio: 5 },
  { id: 'gpt-4o-mini', kinds: ['chat'], ratio: 0.075, completionRatio: 4 },
  { id: 'gpt-4.1', kinds: ['chat'], ratio: 1, completionRatio: 4 },
  { id: 'gpt-3.5-turbo-instruct', kinds: ['chat'], ratio: 0.75, completionRatio: 1.33 },
  { id: 'deepseek-v3', kinds: ['chat'], ratio: 0.135, completionRatio: 4 }
]

const IMAGE: ModelInfo[] = [
  { id: 'imagegen-4.0', kinds: ['image-gen-1', 'image-edit'], unitPrice: 15_000 },
  { id: 'imagegen-4.5', kinds: ['image-gen-1', 'image-edit'], unitPrice: 20_000 },
  { id: 'image-model-2', kinds: ['image-gen-2'], unitPrice: 20_000 },
  { id: 'image-model-1', kinds: ['image-edit'], unitPrice: 20_000 }
]

const VIDEO: ModelInfo[] = [
  ...['vidq3-pro', 'vidq2-pro-fast', 'vidq2-pro', 'vidq2-turbo', 'vidq1', 'vidq1-classic', 'vid2.0'].map(
    (id): ModelInfo => ({ id, kinds: ['video-vidq'], unitPrice: id.includes('pro') ? 25_000 : 15_000 })
  ),
  { id: 'vo3.1-fast-components', kinds: ['video-unified2'], unitPrice: 30_000, family: 'vo3' },
  { id: 'vo3.1-components', kinds: ['video-unified2'], unitPrice: 50_000, family: 'vo3' },
  { id: 'jm-video-3.0', kinds: ['video-unified2'], unitPrice: 20_000, family: 'jm' },
  { id: 'Kl-3.0-Omni', kinds: ['video-kl'], unitPrice: 40_000 },
  { id: 'Kl-2.6', kinds: ['video-kl'], unitPrice: 35_000 },
  { id: 'Kl-2.5', kinds: ['video-kl'], unitPrice: 30_000 },
  { id: 'gk-video-3', kinds: ['video-gk'], unitPrice: 25_000 },
  { id: 'gk-video-3-pro', kinds: ['video-gk'], unitPrice: 35_000 },
  { id: 'gk-video-3-max', kinds: ['video-gk'], unitPrice: 45_000 }
]

export const MODELS: readonly ModelInfo[] = [...CHAT, ...IMAGE, ...VIDEO]

const BY_ID = new Map(MODELS.map((m) => [m.id, m]))

export function findModel(id: string): ModelInfo | undefined {
  return BY_ID.get(id)
}

export function modelHasKind(id: string, kinds: readonly ModelKind[]): boolean {
  const m = BY_ID.get(id)
  return !!m && m.kinds.some((k) => kinds.includes(k))
}

/** Text cost, as the gateway computes it: tokens times the model ratio. */
export function textCost(model: string, promptTokens: number, completionTokens: number): number {
  const m = BY_ID.get(model)
  const ratio = m?.ratio ?? 1
  const cr = m?.completionRatio ?? 1
  return Math.ceil((promptTokens + completionTokens * cr) * ratio)
}

export function unitPrice(model: string): number {
  return BY_ID.get(model)?.unitPrice ?? 20_000
}

/** Fixed durations of the multipart video family (the spec forces them whatever was sent). */
export const FORCED_SECONDS: Record<string, number> = { 'gk-video-3-pro': 10, 'gk-video-3-max': 15 }
