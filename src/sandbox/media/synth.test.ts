import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { EDIT_SALT } from './edit'
import { RENDER_SALT } from './render'
import { makeRng, synthesizeRgb } from './synth'

// sha256 of synthesizeRgb(48, 32, makeRng(RENDER_SALT, 'golden', 1)).
const GOLDEN = 'bab2dcd6b5676070e41b8b41bb84ea05ce6b485be2c6083c89267622925750eb'

const digest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

describe('synthesizeRgb', () => {
  it('keeps its recipe: pixels are pinned so an accidental change is caught (bump the salt version if intended)', () => {
    // Pixels, not encoded bytes, so a sharp/libvips upgrade cannot break this test; only our maths can.
    const pixels = synthesizeRgb(48, 32, makeRng(RENDER_SALT, 'golden', 1))
    expect(digest(pixels)).toBe(GOLDEN)
  })

  it('fills exactly width*height*3 bytes, including degenerate sizes', () => {
    for (const [w, h] of [
      [1, 1],
      [1, 50],
      [50, 1],
      [3, 7]
    ]) {
      expect(synthesizeRgb(w, h, makeRng(RENDER_SALT, 'p', 0))).toHaveLength(w * h * 3)
    }
  })

  it('uses separate streams for renders and edits', () => {
    const render = synthesizeRgb(32, 32, makeRng(RENDER_SALT, 'p', 3))
    const edit = synthesizeRgb(32, 32, makeRng(EDIT_SALT, 'p', 3))
    expect(digest(render)).not.toBe(digest(edit))
  })

  it('treats prompt and seed as separate fields (no concatenation collisions)', () => {
    const a = synthesizeRgb(16, 16, makeRng(RENDER_SALT, '12', 3))
    const b = synthesizeRgb(16, 16, makeRng(RENDER_SALT, '2', 31))
    expect(digest(a)).not.toBe(digest(b))
  })
})
