import { expect, type Locator, type Page } from '@playwright/test'

/** Settings → Profiles, driven by role and accessible name: a new profile, and its gateway names dialog. */

/** The label of each body family's box in the names dialog (and of its option in an Assign select). */
export const FAMILY_LABEL = {
  chat: 'Chat (suggestions for the chat model field)',
  imagegen: 'Images · ratio and resolution presets (first family)',
  image2: 'Images · reference images and quality (second family)',
  native: 'Images · native async task',
  editNative: 'Edits · native family (ratio, resolution, response format)',
  editForm: 'Edits · form family (quality)',
  vidq: 'Video · unified route, first family',
  unified2: 'Video · unified route, second family',
  kl: 'Video · video object, JSON family',
  gk: 'Video · video object, multipart family'
} as const
export type FamilyKey = keyof typeof FAMILY_LABEL

export async function openSettings(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
}

/** Opens Settings → Add profile and fills in its name, base URL and key; answers the dialog, not yet saved. */
export async function fillNewProfile(page: Page, p: { name: string; url: string; key: string }): Promise<Locator> {
  await openSettings(page)
  await page.getByRole('button', { name: 'Add profile' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add profile' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill(p.name)
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(p.url)
  await dialog.getByLabel('API key').fill(p.key)
  return dialog
}

/** Adds a profile (key kept for the session), makes it the active one and waits for the banner to say so. */
export async function addActiveProfile(page: Page, p: { name: string; url: string; key: string }): Promise<void> {
  const dialog = await fillNewProfile(page, p)
  await dialog.getByRole('radio', { name: 'Keep for this session only' }).check()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: `Use ${p.name}` }).click()
  await expect(
    page.getByRole('banner').getByRole('combobox', { name: 'Active profile' }).locator('option:checked')
  ).toHaveText(p.name)
}

export async function openNames(page: Page, profile: string): Promise<Locator> {
  await page.getByRole('button', { name: `Names of ${profile}` }).click()
  const dialog = page.getByRole('dialog', { name: `Gateway names · ${profile}` })
  await expect(dialog).toBeVisible()
  return dialog
}

/** A family's box: one model name per line. */
export const familyBox = (dialog: Locator, family: FamilyKey) =>
  dialog.getByRole('textbox', { name: FAMILY_LABEL[family] })

/** Runs discovery and waits for its count. */
export async function discover(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Discover models' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: /model names found$/ })).toBeVisible({ timeout: 20_000 })
}

/** Assigns one discovered name to a family with its own row's select and Assign button. */
export async function assignDiscovered(dialog: Locator, model: string, family: FamilyKey): Promise<void> {
  await dialog.getByRole('combobox', { name: `Assign ${model} to` }).selectOption({ label: FAMILY_LABEL[family] })
  await dialog.getByRole('button', { name: `Assign: ${model}`, exact: true }).click()
}
