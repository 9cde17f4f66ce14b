// Times mask honesty and protect-outside-mask at 4096x4096, and the longest event-loop stall while
// they run. Run: node --import tsx src/main/core/images/testing/measure-honesty.ts [runs]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import {
  blendRange,
  changedOutsideShare,
  decodePlanes,
  featheredKeep,
  measureMaskHonesty,
  protectOutsideMask
} from '../mask-honesty'

const SIDE = 4096
const runs = Number(process.argv[2] ?? 5)

async function fixtures(dir: string): Promise<{ src: string; out: string; mask: string }> {
  const px = Buffer.alloc(SIDE * SIDE * 3)
  for (let i = 0; i < px.length; i++) px[i] = (i * 2654435761) >>> 24
  const src = join(dir, 'src.png')
  const out = join(dir, 'out.png')
  const mask = join(dir, 'mask.png')
  writeFileSync(
    src,
    await sharp(px, { raw: { width: SIDE, height: SIDE, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer()
  )
  writeFileSync(
    out,
    await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
  )
  const m = Buffer.alloc(SIDE * SIDE * 4, 255)
  for (let y = 1024; y < 3072; y++) m.fill(0, (y * SIDE + 1024) * 4, (y * SIDE + 3072) * 4)
  writeFileSync(
    mask,
    await sharp(m, { raw: { width: SIDE, height: SIDE, channels: 4 } })
      .png()
      .toBuffer()
  )
  return { src, out, mask }
}

/** Runs `work` while a 5 ms interval notes the longest gap between its ticks (time the loop was blocked). */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; maxStallMs: number; value: T }> {
  let last = performance.now()
  let maxStall = 0
  const tick = setInterval(() => {
    const now = performance.now()
    maxStall = Math.max(maxStall, now - last - 5)
    last = now
  }, 5)
  const t0 = performance.now()
  const value = await work()
  const ms = performance.now() - t0
  clearInterval(tick)
  return { ms, maxStallMs: Math.max(0, maxStall), value }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const dir = mkdtempSync(join(tmpdir(), 'honesty-bench-'))
try {
  const f = await fixtures(dir)
  const rows: Record<string, number[]> = { honesty: [], honestyStall: [], protect: [], protectStall: [], idleStall: [] }
  for (let i = 0; i < runs; i++) {
    // Baseline in the same run: on a loaded machine the OS alone delays timers by tens of ms.
    rows.idleStall.push((await timed(() => sleep(700))).maxStallMs)
    const h = await timed(() => measureMaskHonesty(f.src, f.out, f.mask))
    const p = await timed(() => protectOutsideMask(f.src, f.out, f.mask, 8))
    rows.honesty.push(h.ms)
    rows.honestyStall.push(h.maxStallMs)
    rows.protect.push(p.ms)
    rows.protectStall.push(p.maxStallMs)
    if (i === 0)
      console.log(`share outside=${h.value.outsideMaskChange.toFixed(3)} protect png=${p.value.png.length} bytes`)
  }
  // The pure JS passes alone (what runs on the event loop), each over all 16.7 M pixels at once.
  const p = await decodePlanes(f.src, f.out, f.mask)
  const phases: Record<string, number[]> = { compareLoop: [], blendLoop: [], featherWithBlur: [] }
  for (let i = 0; i < runs; i++) {
    let t = performance.now()
    changedOutsideShare(p)
    phases.compareLoop.push(performance.now() - t)
    const out = Buffer.allocUnsafeSlow(p.source.length)
    t = performance.now()
    blendRange(p.source, p.result, p.keep, out, 0, p.keep.length)
    phases.blendLoop.push(performance.now() - t)
    t = performance.now()
    await featheredKeep(p.keep, p.width, p.height, 8)
    phases.featherWithBlur.push(performance.now() - t)
  }
  Object.assign(rows, phases)
  for (const [k, v] of Object.entries(rows))
    console.log(`${k}: median ${median(v).toFixed(0)} ms (runs: ${v.map((x) => x.toFixed(0)).join(', ')})`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
