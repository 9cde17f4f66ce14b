/**
 * A portrait clip from a landscape sample, without re-encoding (no ffmpeg here or at run time):
 * the video track header gets a 90° display matrix and the swapped display size, as a phone writes
 * a clip shot upright. Players apply the matrix, so the clip decodes as 180x320 (9:16).
 */

/** Where a box starts, its type and where its payload and the box end. */
interface Box {
  type: string
  start: number
  body: number
  end: number
}

function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = []
  let at = from
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at)
    let body = at + 8
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8))
      body = at + 16
    } else if (size === 0) {
      size = to - at
    }
    if (size < body - at || at + size > to) throw new Error(`malformed MP4 box at ${at}`)
    out.push({ type: buf.toString('latin1', at + 4, at + 8), start: at, body, end: at + size })
    at += size
  }
  return out
}

const child = (buf: Buffer, parent: Box, type: string): Box | undefined =>
  boxes(buf, parent.body, parent.end).find((b) => b.type === type)

/** Display matrix for a 90° clockwise turn (16.16 fixed point, w in 2.30), as ISO/IEC 14496-12 lays it out. */
const ROTATE_90 = [0, 0x00010000, 0, -0x00010000, 0, 0, 0, 0, 0x40000000]

/** A copy of `mp4` whose video track is shown turned 90°: its width and height trade places. */
export function portraitOf(mp4: Buffer): Buffer {
  const out = Buffer.from(mp4)
  const moov = boxes(out, 0, out.length).find((b) => b.type === 'moov')
  if (!moov) throw new Error('no moov box')
  const video = boxes(out, moov.body, moov.end).find((trak) => {
    if (trak.type !== 'trak') return false
    const mdia = child(out, trak, 'mdia')
    const hdlr = mdia && child(out, mdia, 'hdlr')
    // hdlr: version+flags (4), pre_defined (4), then the handler type.
    return hdlr !== undefined && out.toString('latin1', hdlr.body + 8, hdlr.body + 12) === 'vide'
  })
  const tkhd = video && child(out, video, 'tkhd')
  if (!tkhd) throw new Error('no video track header')
  // After version+flags: times, track id and duration (20 bytes in version 0, 32 in version 1), then
  // reserved (8), layer, alternate group, volume, reserved (2 each), the matrix and the size.
  const matrix = tkhd.body + 4 + (out[tkhd.body] === 1 ? 32 : 20) + 16
  ROTATE_90.forEach((v, i) => out.writeInt32BE(v, matrix + i * 4))
  const width = out.readUInt32BE(matrix + 36)
  const height = out.readUInt32BE(matrix + 40)
  out.writeUInt32BE(height, matrix + 36)
  out.writeUInt32BE(width, matrix + 40)
  return out
}

/** Whether a create asked for a clip taller than wide: by aspect ratio, size or orientation, in that order. */
export function asksPortrait(input: Record<string, unknown>): boolean {
  const nested = (input.metadata as { output_config?: Record<string, unknown> } | undefined)?.output_config
  const ratio = [input.aspect_ratio, nested?.aspect_ratio]
    .map((r) => (typeof r === 'string' ? /^(\d+):(\d+)$/.exec(r) : null))
    .find(Boolean)
  if (ratio) return Number(ratio[1]) < Number(ratio[2])
  const size = typeof input.size === 'string' ? /^(\d+)[x*](\d+)$/i.exec(input.size) : null
  if (size) return Number(size[1]) < Number(size[2])
  return input.orientation === 'portrait'
}
