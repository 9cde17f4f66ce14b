import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import type { StudioFixture } from '../fixtures'
import { gradientPng, openImages, rawRgba } from './images-page'

/** Page and file helpers for the extend-canvas tests. */

/** Opens the editor on a `side`² gradient picture (lossless, so "unchanged" is byte for byte). */
export async function openEditorOn(studio: StudioFixture, side: number): Promise<Page> {
  const page = await openImages(studio)
  await page.getByRole('button', { name: 'Edit an image…' }).click()
  await page
    .getByTestId('editor-file-input')
    .setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: await gradientPng(side) })
  await expect(page.getByRole('region', { name: 'Mask painter' })).toBeVisible({ timeout: 20_000 })
  return page
}

/** A `side`² black PNG with a white square [from, to)²: imported by luminance, the square is the painted mask. */
export async function squareMaskPng(side: number, from: number, to: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3)
  for (let y = from; y < to; y++) raw.fill(255, (y * side + from) * 3, (y * side + to) * 3)
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer()
}

export const editForm = (page: Page): Locator => page.getByRole('form', { name: 'Edit settings' })

/** The picture's handle on the canvas preview, whatever its position. */
export const pictureHandle = (page: Page): Locator =>
  editForm(page).getByRole('button', { name: /^Picture on the canvas, at / })

/** The position the handle's name reports, in canvas pixels. */
export async function picturePosition(page: Page): Promise<{ x: number; y: number }> {
  const name = (await pictureHandle(page).getAttribute('aria-label')) ?? ''
  const m = /at (\d+), (\d+)$/.exec(name)
  if (!m) throw new Error(`no position in "${name}"`)
  return { x: Number(m[1]), y: Number(m[2]) }
}

/** RGBA bytes of a PNG in memory. */
export async function rgbaOf(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** The one library file whose name matches, as RGBA. */
export async function libraryImage(
  studio: StudioFixture,
  match: (name: string) => boolean
): Promise<{ data: Buffer; width: number; height: number }> {
  const lib = join(studio.dataDir, 'library', 'images')
  const names = readdirSync(lib).filter(match)
  if (names.length !== 1) throw new Error(`expected one library file, found ${names.join(', ') || 'none'}`)
  return rawRgba(join(lib, names[0]))
}
