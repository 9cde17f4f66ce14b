import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  blendByWeight,
  changedOutsideShare,
  changedOutsideShareSliced,
  featheredKeep,
  measureMaskHonesty,
  protectOutsideMask
} from './mask-honesty'
import { gradientPng, rectMask, rgbOf } from './testing/harness'

const W = 200
const H = 150
const HOLE = { x: 50, y: 40, w: 80, h: 60 }

function files(entries: Record<string, Buffer>): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'honesty-'))
  const out: Record<string, string> = {}
  for (const [name, bytes] of Object.entries(entries)) writeFileSync((out[name] = join(dir, name)), bytes)
  return out
}

describe('changed share outside the mask', () => {
  it('counts only kept pixels whose largest channel difference passes the threshold', () => {
    const keep = Uint8Array.from([255, 255, 255, 0])
    const a = Uint8Array.from([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10])
    const b = Uint8Array.from([10, 10, 10, 10, 60, 10, 10, 10, 30, 200, 200, 200])
    // Pixel 1 changed by 50 (counts), pixel 2 by 20 (noise), pixel 3 is in the hole (ignored).
    expect(changedOutsideShare({ source: a, result: b, keep })).toBeCloseTo(1 / 3)
    expect(changedOutsideShare({ source: a, result: b, keep }, 10)).toBeCloseTo(2 / 3)
    expect(changedOutsideShare({ source: a, result: b, keep: new Uint8Array(4) })).toBe(0)
  })

  it('gives the same share when computed in slices over a large image', async () => {
    const n = 1_200_000
    const keep = new Uint8Array(n).map((_, i) => (i % 3 === 0 ? 0 : 255))
    const a = new Uint8Array(n * 3)
    const b = new Uint8Array(n * 3).map((_, i) => (i % 7 === 0 ? 200 : 0))
    expect(await changedOutsideShareSliced({ source: a, result: b, keep })).toBe(
      changedOutsideShare({ source: a, result: b, keep })
    )
  })

  it('tolerates JPEG re-encoding of an untouched image', async () => {
    const png = await gradientPng(W, H)
    const f = files({
      'src.png': png,
      'out.jpg': await sharp(png).jpeg({ quality: 85 }).toBuffer(),
      'mask.png': await rectMask(W, H, HOLE)
    })
    const r = await measureMaskHonesty(f['src.png'], f['out.jpg'], f['mask.png'])
    expect(r.outsideMaskChange).toBe(0)
    expect(r.warnings).toEqual([])
  })

  it('flags a result that repainted everything', async () => {
    const f = files({
      'src.png': await gradientPng(W, H),
      'out.png': await sharp({ create: { width: W, height: H, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer(),
      'mask.png': await rectMask(W, H, HOLE)
    })
    const r = await measureMaskHonesty(f['src.png'], f['out.png'], f['mask.png'])
    expect(r.outsideMaskChange).toBeGreaterThan(0.9)
    expect(r.warnings.join(' ')).toMatch(/ignored the mask/)
  })
})

describe('protect outside the mask', () => {
  it('feathers only into the editable area: kept pixels keep full weight', async () => {
    const keep = new Uint8Array(W * H).fill(255)
    for (let y = HOLE.y; y < HOLE.y + HOLE.h; y++) keep.fill(0, y * W + HOLE.x, y * W + HOLE.x + HOLE.w)
    const w = await featheredKeep(keep, W, H, 8)
    let lowered = 0
    for (let i = 0; i < keep.length; i++) if (keep[i] === 255 && w[i] !== 255) lowered++
    expect(lowered).toBe(0)
    const row = (HOLE.y + 30) * W
    expect(w[row + HOLE.x]).toBeGreaterThan(0)
    expect(w[row + HOLE.x + 40]).toBe(0)
    expect(await featheredKeep(keep, W, H, 0)).toBe(keep)
  })

  it('blends by weight and copies exactly at the ends', async () => {
    const s = Uint8Array.from([200, 100, 0, 200, 100, 0, 200, 100, 0])
    const r = Uint8Array.from([0, 0, 255, 0, 0, 255, 0, 0, 255])
    expect([...(await blendByWeight(s, r, Uint8Array.from([255, 0, 128])))]).toEqual([
      200, 100, 0, 0, 0, 255, 100, 50, 127
    ])
  })

  it('produces a PNG that equals the original outside the mask and the edit deep inside it', async () => {
    const src = await gradientPng(W, H)
    const f = files({
      'src.png': src,
      'out.png': await sharp({ create: { width: W, height: H, channels: 3, background: '#f00' } })
        .png()
        .toBuffer(),
      'mask.png': await rectMask(W, H, HOLE)
    })
    const made = await protectOutsideMask(f['src.png'], f['out.png'], f['mask.png'], 6)
    const out = (await rgbOf(made.png)).data
    const orig = (await rgbOf(src)).data
    let outsideChanged = 0
    let deepNotEdit = 0
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const o = (y * W + x) * 3
        const inside = x >= HOLE.x && x < HOLE.x + HOLE.w && y >= HOLE.y && y < HOLE.y + HOLE.h
        const deep = x >= HOLE.x + 10 && x < HOLE.x + HOLE.w - 10 && y >= HOLE.y + 10 && y < HOLE.y + HOLE.h - 10
        if (!inside && (out[o] !== orig[o] || out[o + 1] !== orig[o + 1] || out[o + 2] !== orig[o + 2]))
          outsideChanged++
        if (deep && (out[o] !== 255 || out[o + 1] !== 0 || out[o + 2] !== 0)) deepNotEdit++
      }
    }
    expect(outsideChanged).toBe(0)
    expect(deepNotEdit).toBe(0)
  })
})
