/**
 * One video request asked of another model, in any family: what the families share (prompt,
 * length, aspect ratio, resolution, reference images) goes across; a family's own fields stay with
 * it. A shared value the target model does not take (a length outside its range, say) is dropped
 * and said so; what then still breaks a rule refuses that model before anything is sent.
 */
import { ruleOf, type GatewayNames } from './gateway-names'
import type { RuleProblem } from './rule-problems'
import { VIDEO_FAMILY, type VideoCreateInput, type VideoCreateRequest, type VideoFamily, type VideoRef } from './video'
import { checkVideoCreate } from './video-rules'

interface Shared {
  prompt: string
  duration?: number
  aspect?: string
  resolution?: string
  refs: VideoRef[]
}

/** The concepts the families share, by the field each family writes them in. */
const FIELD: Record<VideoFamily, Record<keyof Omit<Shared, 'prompt'>, string>> = {
  [VIDEO_FAMILY.unifiedFirst]: {
    duration: 'duration',
    aspect: 'aspect_ratio',
    resolution: 'resolution',
    refs: 'images'
  },
  [VIDEO_FAMILY.unifiedSecond]: { duration: 'duration', aspect: 'aspect_ratio', resolution: 'size', refs: 'images' },
  [VIDEO_FAMILY.videosJson]: {
    duration: 'output_config.duration',
    aspect: 'output_config.aspect_ratio',
    resolution: 'output_config.resolution',
    refs: 'image'
  },
  [VIDEO_FAMILY.videosMultipart]: {
    duration: 'seconds',
    aspect: 'aspect_ratio',
    resolution: 'size',
    refs: 'references'
  }
}

const defined = <T>(v: T | undefined | null | ''): v is T => v !== undefined && v !== null && v !== ''

function sharedOf(r: VideoCreateRequest): { shared: Shared; own: string[] } {
  const skip = new Set(['family', 'model', 'profileId', 'prompt'])
  const ownOf = (used: string[]) =>
    Object.entries(r)
      .filter(
        ([k, v]) =>
          !skip.has(k) && !used.includes(k) && defined(v) && v !== false && !(Array.isArray(v) && v.length === 0)
      )
      .map(([k]) => k)
  switch (r.family) {
    case VIDEO_FAMILY.unifiedFirst:
      return {
        shared: {
          prompt: r.prompt,
          duration: r.duration,
          aspect: r.aspect_ratio,
          resolution: r.resolution,
          refs: r.images
        },
        own: ownOf(['duration', 'aspect_ratio', 'resolution', 'images'])
      }
    case VIDEO_FAMILY.unifiedSecond:
      // Orientation follows the aspect ratio in the second family; it is not a field of its own.
      return {
        shared: { prompt: r.prompt, duration: r.duration, aspect: r.aspect_ratio, resolution: r.size, refs: r.images },
        own: ownOf(['duration', 'aspect_ratio', 'size', 'images', 'orientation'])
      }
    case VIDEO_FAMILY.videosJson: {
      const o = r.output_config ?? {}
      const seconds = r.seconds !== undefined && /^\d+$/.test(r.seconds) ? Number(r.seconds) : undefined
      const own = ownOf(['output_config', 'image', 'seconds', 'scenario'])
      return {
        shared: {
          prompt: r.prompt,
          duration: o.duration ?? seconds,
          aspect: o.aspect_ratio,
          resolution: o.resolution,
          refs: r.image ? [r.image] : []
        },
        own: o.audio_generation ? [...own, 'output_config.audio_generation'] : own
      }
    }
    case VIDEO_FAMILY.videosMultipart:
      return {
        shared: {
          prompt: r.prompt,
          duration: r.seconds,
          aspect: r.aspect_ratio,
          resolution: r.size,
          refs: r.references
        },
        own: ownOf(['seconds', 'aspect_ratio', 'size', 'references'])
      }
  }
}

function build(family: VideoFamily, model: string, s: Shared, profileId: string | undefined): VideoCreateInput {
  const base = { model, prompt: s.prompt, ...(profileId ? { profileId } : {}) }
  switch (family) {
    case VIDEO_FAMILY.unifiedFirst:
      return {
        family,
        ...base,
        images: s.refs,
        ...(defined(s.duration) ? { duration: s.duration } : {}),
        ...(defined(s.aspect) ? { aspect_ratio: s.aspect } : {}),
        ...(defined(s.resolution) ? { resolution: s.resolution } : {})
      }
    case VIDEO_FAMILY.unifiedSecond: {
      const landscape = s.aspect === '16:9'
      return {
        family,
        ...base,
        images: s.refs,
        orientation: landscape ? 'landscape' : 'portrait',
        ...(defined(s.duration) ? { duration: s.duration } : {}),
        ...(defined(s.aspect) ? { aspect_ratio: s.aspect } : {}),
        size: defined(s.resolution) ? s.resolution : landscape ? '1280x720' : '720x1280'
      }
    }
    case VIDEO_FAMILY.videosJson: {
      const output = {
        ...(defined(s.duration) ? { duration: s.duration } : {}),
        ...(defined(s.aspect) ? { aspect_ratio: s.aspect } : {}),
        ...(defined(s.resolution) ? { resolution: s.resolution } : {})
      }
      return {
        family,
        ...base,
        scenario: s.refs.length ? 'image' : 'text',
        ...(s.refs[0] ? { image: s.refs[0] } : {}),
        ...(Object.keys(output).length ? { output_config: output } : {})
      }
    }
    case VIDEO_FAMILY.videosMultipart:
      return {
        family,
        ...base,
        references: s.refs,
        ...(defined(s.duration) ? { seconds: s.duration } : {}),
        ...(defined(s.aspect) ? { aspect_ratio: s.aspect } : {}),
        ...(defined(s.resolution) ? { size: s.resolution } : {})
      }
  }
}

/** The same family: the request as it was, with the shared values as they now stand (a dropped one removed). */
function sameFamily(req: VideoCreateRequest, built: VideoCreateInput, s: Shared): VideoCreateInput {
  const out: Record<string, unknown> = { ...req, ...built }
  if (req.family === VIDEO_FAMILY.videosJson) {
    const audio = req.output_config?.audio_generation
    const output = {
      ...(audio ? { audio_generation: audio } : {}),
      ...(built as { output_config?: object }).output_config
    }
    if (Object.keys(output).length) out.output_config = output
    else delete out.output_config
  } else {
    for (const key of ['duration', 'aspect', 'resolution'] as const)
      if (!defined(s[key]) && !(req.family === VIDEO_FAMILY.unifiedSecond && key === 'resolution'))
        delete out[FIELD[req.family][key]]
  }
  return out as VideoCreateInput
}

export interface CarriedVideo {
  request: VideoCreateRequest | null
  taken: string[]
  dropped: string[]
  problems: RuleProblem[]
}

export function carryVideo(
  req: VideoCreateRequest,
  model: string,
  family: VideoFamily,
  names: GatewayNames | undefined
): CarriedVideo {
  const { shared, own } = sharedOf(req)
  const from = FIELD[req.family]
  const to = FIELD[family]
  const s: Shared = { ...shared, refs: family === VIDEO_FAMILY.videosJson ? shared.refs.slice(0, 1) : shared.refs }
  const dropped: string[] = family === req.family ? [] : [...own]
  if (shared.refs.length > s.refs.length) dropped.push(from.refs)
  const input = () => {
    const built = build(family, model, s, req.profileId)
    return family === req.family ? sameFamily(req, built, s) : built
  }
  const check = () => checkVideoCreate(input(), (m) => ruleOf(names, m))
  let checked = check()
  // A shared value the model does not take is left out (its default applies), never a refusal.
  for (const key of ['duration', 'aspect', 'resolution'] as const) {
    if (!defined(s[key]) || !checked.problems.some((p) => p.field === to[key])) continue
    s[key] = undefined
    dropped.push(from[key])
    checked = check()
  }
  const taken = [
    ...(shared.prompt.trim() ? ['prompt'] : []),
    ...(['duration', 'aspect', 'resolution'] as const).filter((k) => defined(s[k])).map((k) => from[k]),
    ...(s.refs.length ? [from.refs] : []),
    ...(family === req.family ? own : [])
  ]
  return { request: checked.request, taken, dropped, problems: checked.problems }
}
