/**
 * Why a media call refused its input. The sandbox gateway maps these to 4xx answers, so the
 * codes are stable data (not message text) and `field` names the request field at fault.
 */
export type MediaErrorCode =
  | 'unsupported_image' // not png/jpeg/webp by magic bytes, or header truncated
  | 'image_decode_failed' // header looked fine but the body would not decode
  | 'image_too_large' // a side exceeds MAX_IMAGE_SIDE
  | 'invalid_size' // requested render size is not a positive integer within limits
  | 'size_mismatch' // mask (or comparison image) does not match the image size

export type MediaField = 'image' | 'mask' | 'before' | 'after' | 'width' | 'height'

export class MediaInputError extends Error {
  readonly code: MediaErrorCode
  readonly field: MediaField

  constructor(code: MediaErrorCode, field: MediaField, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = 'MediaInputError'
    this.code = code
    this.field = field
  }
}

/** Largest side we render, edit or decode: the real gateway's ceiling, and a bound on memory (4096^2 RGBA = 64 MiB). */
export const MAX_IMAGE_SIDE = 4096
