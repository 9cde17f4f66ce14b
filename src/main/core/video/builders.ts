import type { ModelRule } from '@shared/domain/gateway-names'
import {
  VIDEO_FAMILY,
  capabilityOf,
  ROUTE_OF_FAMILY,
  type VideoCreateRequest,
  type VideoRemixRequest,
  type VideoRoute
} from '@shared/domain/video'
import { checkRef, checkRefs, describeRef, refAsFile, refAsString, type RefSources } from './references'

/**
 * Request bodies per family, exactly the spec's field names. Optional fields the user left unset
 * are not sent (the gateway applies its own defaults), except where the spec marks them required.
 */

export const CREATE_PATH: Record<VideoRoute, string> = { unified: '/v1/video/create', videos: '/v1/videos' }

export interface BuiltCreate {
  route: VideoRoute
  path: string
  json?: Record<string, unknown>
  form?: FormData
}

function defined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
}

/** Reference checks that need the host (grants, gallery, assets); no bytes are read. */
export function checkCreateRefs(r: VideoCreateRequest, src: RefSources): void {
  if (r.family === VIDEO_FAMILY.unifiedFirst || r.family === VIDEO_FAMILY.unifiedSecond)
    checkRefs(r.images, 'images', src)
  else if (r.family === VIDEO_FAMILY.videosMultipart) checkRefs(r.references, 'references', src)
  else {
    if (r.image) checkRef(r.image, 'image', src)
    if (r.last_frame) checkRef(r.last_frame, 'last_frame', src)
  }
}

/** `rule`: the profile's rule for the model (e.g. a length the gateway fixes). */
export async function buildCreate(r: VideoCreateRequest, src: RefSources, rule: ModelRule = {}): Promise<BuiltCreate> {
  const route = ROUTE_OF_FAMILY[r.family]
  const path = CREATE_PATH[route]
  if (r.family === VIDEO_FAMILY.unifiedFirst) {
    const images: string[] = []
    for (const ref of r.images) images.push(await refAsString(ref, src))
    const { family: _f, profileId: _p, images: _i, ...rest } = r
    return { route, path, json: defined({ ...rest, images }) }
  }
  if (r.family === VIDEO_FAMILY.unifiedSecond) {
    const images: string[] = []
    for (const ref of r.images) images.push(await refAsString(ref, src))
    return {
      route,
      path,
      json: defined({
        images,
        model: r.model,
        orientation: r.orientation,
        prompt: r.prompt,
        size: r.size,
        duration: r.duration,
        aspect_ratio: r.aspect_ratio,
        enable_upsample: r.enable_upsample
      })
    }
  }
  if (r.family === VIDEO_FAMILY.videosJson) {
    const metadata = defined({
      output_config:
        r.output_config && Object.keys(defined(r.output_config)).length ? defined(r.output_config) : undefined,
      scene_type: r.scenario === 'motion-control' ? 'motion_control' : r.scene_type,
      motion_level: r.motion_level,
      offpeak: r.offpeak,
      last_frame_url: r.last_frame ? await refAsString(r.last_frame, src) : undefined,
      video_url: r.video_url,
      file_infos: r.file_infos,
      ext_info: r.ext_info
    })
    return {
      route,
      path,
      json: defined({
        model: r.model,
        prompt: r.prompt,
        seconds: r.seconds,
        size: r.size,
        image: r.image ? await refAsString(r.image, src) : undefined,
        metadata: Object.keys(metadata).length ? metadata : undefined
      })
    }
  }
  // Multipart family: text fields, then one `input_reference` part per image, streamed from disk.
  const form = new FormData()
  form.append('model', r.model)
  form.append('prompt', r.prompt)
  if (r.aspect_ratio) form.append('aspect_ratio', r.aspect_ratio)
  const forced = capabilityOf(VIDEO_FAMILY.videosMultipart, r.model, rule).duration.forced
  const seconds = forced ?? r.seconds
  if (seconds !== undefined) form.append('seconds', String(seconds))
  if (r.size) form.append('size', r.size)
  for (const ref of r.references) {
    const f = await refAsFile(ref, src)
    form.append('input_reference', f.blob, f.name)
  }
  return { route, path, form }
}

/** The request's parameters as shown on the card: JSON-safe, references described, no bytes. */
export function describeCreate(r: VideoCreateRequest, src: RefSources, rule: ModelRule = {}): Record<string, unknown> {
  const cap = capabilityOf(r.family, r.model, rule)
  const { profileId, ...rest } = r
  void profileId
  const out: Record<string, unknown> = { ...rest }
  if (r.family === VIDEO_FAMILY.unifiedFirst || r.family === VIDEO_FAMILY.unifiedSecond)
    out.images = r.images.map((x) => describeRef(x, src))
  if (r.family === VIDEO_FAMILY.videosMultipart) {
    out.references = r.references.map((x) => describeRef(x, src))
    if (cap.duration.forced) out.seconds = cap.duration.forced
  }
  if (r.family === VIDEO_FAMILY.videosJson) {
    if (r.image) out.image = describeRef(r.image, src)
    if (r.last_frame) out.last_frame = describeRef(r.last_frame, src)
  }
  if (r.family === VIDEO_FAMILY.unifiedFirst && r.payload && r.payload.length > 2000)
    out.payload = `${r.payload.slice(0, 200)}… (${r.payload.length} characters)`
  return out
}

export function buildRemix(
  req: VideoRemixRequest,
  gatewayTaskId: string,
  route: VideoRoute
): { path: string; json: Record<string, unknown> } {
  const body = defined({
    model: req.model,
    prompt: req.prompt,
    size: req.size,
    aspect_ratio: req.aspect_ratio,
    parent_post_id: req.parent_post_id
  })
  if (route === 'videos') return { path: `/v1/videos/${idSegment(gatewayTaskId)}/remix`, json: body }
  return { path: '/v1/video/remix', json: { ...body, task_id: gatewayTaskId } }
}

/** The query that matches the route the task was created on; the id exactly as create returned it. */
export function queryRequest(route: VideoRoute, taskId: string): { path: string; query?: Record<string, string> } {
  if (route === 'unified') return { path: '/v1/video/query', query: { id: taskId } }
  return { path: `/v1/videos/${idSegment(taskId)}` }
}

/** One path segment: the id as returned, with only what a path cannot hold escaped (':' stays). */
export function idSegment(id: string): string {
  return encodeURIComponent(id).replace(/%3A/gi, ':')
}

export function contentPath(taskId: string): string {
  return `/v1/videos/${idSegment(taskId)}/content`
}
