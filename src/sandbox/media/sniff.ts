import { sniffImage as sniffAnyImage } from '../../shared/media/sniff'
import type { ImageFormat } from './types'

export interface SniffResult {
  format: ImageFormat
  width: number
  height: number
}

/**
 * The gateway's image sniffing: the shared header sniffer (src/shared/media/sniff.ts, one
 * implementation for host and sandbox), narrowed to what the gateway accepts. The spec allows
 * png, jpeg and webp only, so a GIF answers null here just like any other non-image.
 */
export function sniffImage(bytes: Uint8Array): SniffResult | null {
  const found = sniffAnyImage(bytes)
  if (!found || found.format === 'gif') return null
  return { format: found.format, width: found.width, height: found.height }
}
