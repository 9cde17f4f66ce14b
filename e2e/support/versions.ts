import { expect, type Locator, type Page } from '@playwright/test'
import type { StudioFixture } from '../fixtures'
import { axeFindings } from './axe'

/** Page helpers for a picture's versions and its variations, by role and accessible name. */

export const versionStrip = (page: Page): Locator => page.getByRole('navigation', { name: 'Versions of this picture' })

/** A version's button in the strip, by its number (its name goes on with where it came from). */
export const versionButton = (page: Page, n: number): Locator =>
  versionStrip(page).getByRole('button', { name: new RegExp(`^Version ${n}\\b`) })

/** Opens the editor on the result of the first Generate job with `prompt`. */
export async function editResultOf(page: Page, prompt: string): Promise<void> {
  await page.getByRole('article', { name: prompt }).first().getByRole('button', { name: 'Edit this' }).click()
  await expect(page.getByRole('heading', { name: 'Edit image' })).toBeVisible()
}

/**
 * Chooses version `n` (its prompt `label`) to edit from, and waits until the editor has taken it as
 * its source: the choice reads the version from the library first, so the form that was on screen
 * when the click landed still edits the old source for a moment.
 */
export async function editVersion(page: Page, n: number, label: string): Promise<void> {
  await versionButton(page, n).click()
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  await expect(
    page.getByRole('region', { name: 'Edit image' }).getByText(new RegExp(`^${escaped} · \\d+×\\d+ source$`))
  ).toBeVisible()
  await expect(page.getByRole('region', { name: 'Mask painter' })).toBeVisible()
}

/** Sends an edit of the editor's source with `prompt` (no mask: the whole image may change) and waits for its result. */
export async function applyEdit(page: Page, prompt: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Edit settings' })
  await form.getByRole('textbox', { name: 'Prompt' }).fill(prompt)
  await form.getByRole('button', { name: 'Apply edit' }).click()
  await expect(page.getByRole('region', { name: 'Result' }).getByTestId('edit-result-image')).toBeVisible({
    timeout: 30_000
  })
}

/** Waits until version `n` is the strip's current version. */
export async function expectCurrent(page: Page, n: number): Promise<void> {
  await expect(versionButton(page, n)).toHaveAttribute('aria-current', 'true', { timeout: 15_000 })
}

/** The gateway's paid image creates and edits made with the test's key. */
export const paidImageCalls = (studio: StudioFixture, route: 'image.generate' | 'image.edit') =>
  studio.gateway.log().filter((r) => r.route === route && r.key === studio.canary && r.paid)

/** No WCAG 2.1 A/AA finding on the page as it is now, in the light and the dark theme. */
export async function expectAccessibleInBothThemes(page: Page, screen: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    expect(await axeFindings(page, `${screen}, ${theme}`)).toEqual([])
  }
}
