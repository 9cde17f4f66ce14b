/** The models the sandbox serves, which routes take them, and what they cost in raw quota units. */
import { BODY_FAMILIES, nameOf, roleOf, STANDIN_NAMING, type BodyFamily, type SandboxNaming } from './naming.js'

export type ModelKind =
  | 'chat'
  | 'image-gen-1' // first family: `<w>*<h>` sizes, ratio + resolution, URL references; also the native edit family
  | 'image-gen-2' // second family: `<w>x<h>` sizes, response_format
  | 'image-edit' // every model /v1/images/edits takes
  | 'video-unified-first' // unified create, first family
  | 'video-unified-second' // unified create, second family
  | 'video-json' // /v1/videos JSON family
  | 'video-multipart' // /v1/videos multipart family

export interface ModelInfo {
  id: string
  kinds: ModelKind[]
  /** Text: quota per token (prompt); completion tokens cost `completionRatio` times more. */
  ratio?: number
  completionRatio?: number
  /** Media: quota per image, or per second of video. */
  unitPrice?: number
  /** Unified second family: id prefix and reporting quirks. */
  family?: 'vo3' | 'jm'
  thinking?: boolean
  /** Unified first family: the spec's q2 and q3 series rules (3:4 and 4:3, no 360p on q2). */
  series?: 'q2' | 'q3'
  /** Multipart family: a length the spec forces whatever was sent. */
  forcedSeconds?: number
}

type Traits = Omit<ModelInfo, 'id' | 'kinds'>

/** What the spec and the price list tie to each stand-in model; a model playing one inherits it. */
const TRAITS: Record<string, Traits> = {
  'gemini-2.5-flash': { ratio: 0.15, completionRatio: 8.33 },
  'gemini-2.5-pro': { ratio: 0.625, completionRatio: 8 },
  'gemini-2.5-flash-thinking': { ratio: 0.15, completionRatio: 8.33, thinking: true },
  'claude-sonnet-4-5': { ratio: 1.5, completionRatio: 5 },
  'claude-sonnet-4-5-think': { ratio: 1.5, completionRatio: 5, thinking: true },
  'claude-haiku-4-5': { ratio: 0.5, completionRatio: 5 },
  'gpt-4o-mini': { ratio: 0.075, completionRatio: 4 },
  'gpt-4.1': { ratio: 1, completionRatio: 4 },
  'gpt-3.5-turbo-instruct': { ratio: 0.75, completionRatio: 1.33 },
  'deepseek-v3': { ratio: 0.135, completionRatio: 4 },
  'imagegen-4.0': { unitPrice: 15_000 },
  'imagegen-4.5': { unitPrice: 20_000 },
  'image-model-2': { unitPrice: 20_000 },
  'image-model-1': { unitPrice: 20_000 },
  'vidq3-pro': { unitPrice: 25_000, series: 'q3' },
  'vidq2-pro-fast': { unitPrice: 25_000, series: 'q2' },
  'vidq2-pro': { unitPrice: 25_000, series: 'q2' },
  'vidq2-turbo': { unitPrice: 15_000, series: 'q2' },
  vidq1: { unitPrice: 15_000 },
  'vidq1-classic': { unitPrice: 15_000 },
  'vid2.0': { unitPrice: 15_000 },
  'vo3.1-fast-components': { unitPrice: 30_000, family: 'vo3' },
  'vo3.1-components': { unitPrice: 50_000, family: 'vo3' },
  'jm-video-3.0': { unitPrice: 20_000, family: 'jm' },
  'Kl-3.0-Omni': { unitPrice: 40_000 },
  'Kl-2.6': { unitPrice: 35_000 },
  'Kl-2.5': { unitPrice: 30_000 },
  'gk-video-3': { unitPrice: 25_000 },
  'gk-video-3-pro': { unitPrice: 35_000, forcedSeconds: 10 },
  'gk-video-3-max': { unitPrice: 45_000, forcedSeconds: 15 }
}

const KINDS: Record<BodyFamily, ModelKind[]> = {
  chat: ['chat'],
  imageGen1: ['image-gen-1', 'image-edit'],
  imageGen2: ['image-gen-2'],
  imageEdit: ['image-edit'],
  videoUnified1: ['video-unified-first'],
  videoUnified2: ['video-unified-second'],
  videoJson: ['video-json'],
  videoMultipart: ['video-multipart']
}

/** The models of one naming, with the kinds of their families and the traits of the part they play. */
export class Catalog {
  readonly models: readonly ModelInfo[]
  private readonly byId: Map<string, ModelInfo>

  constructor(naming: SandboxNaming) {
    const byId = new Map<string, ModelInfo>()
    for (const family of BODY_FAMILIES) {
      for (const m of naming.models[family]) {
        const id = nameOf(m)
        const seen = byId.get(id)
        if (seen) seen.kinds = [...new Set([...seen.kinds, ...KINDS[family]])]
        else byId.set(id, { ...TRAITS[roleOf(m)], id, kinds: [...KINDS[family]] })
      }
    }
    this.byId = byId
    this.models = [...byId.values()]
  }

  find(id: string): ModelInfo | undefined {
    return this.byId.get(id)
  }

  hasKind(id: string, kinds: readonly ModelKind[]): boolean {
    const m = this.byId.get(id)
    return !!m && m.kinds.some((k) => kinds.includes(k))
  }

  /** Text cost, as the gateway computes it: tokens times the model ratio. */
  textCost(model: string, promptTokens: number, completionTokens: number): number {
    const m = this.byId.get(model)
    const ratio = m?.ratio ?? 1
    const cr = m?.completionRatio ?? 1
    return Math.ceil((promptTokens + completionTokens * cr) * ratio)
  }

  unitPrice(model: string): number {
    return this.byId.get(model)?.unitPrice ?? 20_000
  }
}

/** The stand-in models (what the sandbox serves by default). */
export const MODELS: readonly ModelInfo[] = new Catalog(STANDIN_NAMING).models
