/**
 * Pure media helpers for the sandbox gateway: synthetic renders and repaints, header sniffing,
 * canned sample videos and a mask-honesty metric. Nothing here knows about HTTP or Electron.
 */
export type { ImageFormat } from './types'
export { IMAGE_FORMATS } from './types'
export { renderImage, type RenderOptions } from './render'
export { editImage, type EditOptions, type EditResult } from './edit'
export { sniffImage, type SniffResult } from './sniff'
export { sampleVideo, SAMPLE_VIDEOS } from './video'
export { asksPortrait } from './portrait'
export { changedOutsideMask } from './compare'
export { MediaInputError, MAX_IMAGE_SIDE, type MediaErrorCode, type MediaField } from './errors'
export { resolveResourcesDir, RESOURCES_ENV } from './resources'
