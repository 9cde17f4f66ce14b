/** Lineage of a result (host data, in TanStack Query) and a video frame into the gallery. */
import { useQuery } from '@tanstack/react-query'
import type { ResultRef } from '@shared/domain/lineage'
import { studio } from './studio'

export const lineageKeys = {
  all: ['lineage'] as const,
  of: (ref: ResultRef) => ['lineage', ref.kind, ref.id] as const
}

/** Read whenever it is shown: results are linked as other areas make them. */
export function useLineage(ref: ResultRef) {
  return useQuery({ queryKey: lineageKeys.of(ref), queryFn: () => studio.lineage.get(ref), staleTime: 0 })
}

/** Why a frame could not be read, for the page's own words. */
export class FrameError extends Error {
  constructor(readonly reason: 'tainted' | 'not-loaded') {
    super(reason)
  }
}

const HAVE_CURRENT_DATA = 2

/** Waits until the player has the current frame's pixels (a player with a poster has loaded nothing yet). */
async function frameReady(video: HTMLVideoElement, timeoutMs: number): Promise<void> {
  if (video.readyState >= HAVE_CURRENT_DATA && video.videoWidth > 0) return
  await new Promise<void>((resolve, reject) => {
    const done = (ok: boolean) => {
      clearTimeout(timer)
      video.removeEventListener('loadeddata', onData)
      video.removeEventListener('error', onError)
      if (ok) resolve()
      else reject(new FrameError('not-loaded'))
    }
    const onData = () => done(video.videoWidth > 0)
    const onError = () => done(false)
    const timer = setTimeout(() => done(false), timeoutMs)
    video.addEventListener('loadeddata', onData)
    video.addEventListener('error', onError)
    video.preload = 'auto'
    if (video.networkState === HTMLMediaElement.NETWORK_EMPTY || video.readyState === 0) video.load()
  })
}

/**
 * The player's current frame as PNG bytes, at its own size. The video must be same-origin with the
 * page (the browser host serves it so) or loaded with crossOrigin from a host that grants our origin
 * (Electron's studio-media), or the canvas is tainted and reading it fails.
 */
export async function captureFrame(
  video: HTMLVideoElement,
  timeoutMs = 15_000
): Promise<{ png: Blob; atSeconds: number }> {
  await frameReady(video, timeoutMs)
  const canvas = document.createElement('canvas')
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new FrameError('not-loaded')
  ctx.drawImage(video, 0, 0)
  const png = await new Promise<Blob | null>((resolve, reject) => {
    try {
      canvas.toBlob(resolve, 'image/png')
    } catch (e) {
      reject(e instanceof DOMException && e.name === 'SecurityError' ? new FrameError('tainted') : e)
    }
  })
  if (!png) throw new FrameError('not-loaded')
  return { png, atSeconds: Number.isFinite(video.currentTime) ? video.currentTime : 0 }
}

/** The frame the player shows, into the gallery (uploaded as a grant, checked and kept by the host). */
export async function extractFrame(video: HTMLVideoElement, videoId: string) {
  const { png, atSeconds } = await captureFrame(video)
  const grant = await studio.files.upload(png, { purpose: 'video-frame', name: `frame-${videoId}.png` })
  return studio.lineage.extractFrame({ videoId, fileId: grant.fileId, atSeconds })
}
