import { expect, type Page } from '@playwright/test'
import type { StudioFixture } from '../fixtures'

/** Shared by the accessibility specs: a launch in a chosen theme, and the ways around the studio. */

export const nav = (page: Page, area: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: area, exact: true }).click()
export const gallery = (page: Page) => page.getByRole('grid', { name: 'Gallery' })

export async function launch(studio: StudioFixture, theme: 'light' | 'dark'): Promise<Page> {
  const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
  // The studio follows the system's colour scheme, live, until a theme is chosen in Settings.
  await page.emulateMedia({ colorScheme: theme })
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  return page
}
