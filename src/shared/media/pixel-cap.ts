/**
 * The most pixels the studio decodes from one image: 8192 x 8192 (64 megapixels), four times the
 * largest image the gateways make (4096 x 4096). Shared so the page refuses a dropped file by its
 * header (before any upload) with the same figure the host holds every decode to.
 */
export const MAX_DECODE_PIXELS = 8192 * 8192
