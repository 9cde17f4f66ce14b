/**
 * sharp (libvips, a native addon) costs 200-500 ms to load, so it is loaded on first use, never on
 * either shell's start path. Types come from a type-only import, which is erased.
 */
import type Sharp from 'sharp'

let loading: Promise<typeof Sharp> | null = null

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => m.default)
  return loading
}
