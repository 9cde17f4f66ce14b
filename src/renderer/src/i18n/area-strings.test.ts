import { describe, expect, it, vi } from 'vitest'

/** Fresh modules: the test setup has already loaded the areas' strings into its own copies. */
async function freshI18n() {
  vi.resetModules()
  const index = await import('./index')
  const areas = await import('./area-strings')
  return { createI18n: index.createI18n, loadAreaStrings: areas.loadAreaStrings }
}

describe("the lazy areas' English strings (loaded with their views, T1)", () => {
  it('are not in a new instance until loaded, then reach the instances made before and after', async () => {
    const { createI18n, loadAreaStrings } = await freshI18n()
    const before = createI18n('en')
    // The start screens' strings are there from the start; an area's are not.
    expect(before.t('nav.images')).toBe('Images')
    expect(before.exists('images.gallery.label')).toBe(false)
    expect(before.exists('names.open')).toBe(false)
    await loadAreaStrings()
    const after = createI18n('en')
    for (const i18n of [before, after]) {
      expect(i18n.t('images.gallery.label')).toBe('Gallery')
      expect(i18n.t('names.open')).toBe('Names')
      expect(i18n.t('flows.lineage.title')).toBe('Lineage')
      expect(i18n.t('compareRuns.title')).toBe('Run on several models')
      expect(i18n.t('nav.images')).toBe('Images')
    }
  })

  it('load once, and a failed load is tried again', async () => {
    const { loadAreaStrings } = await freshI18n()
    const first = loadAreaStrings()
    expect(loadAreaStrings()).toBe(first)
    await first
    await expect(loadAreaStrings()).resolves.toBeUndefined()
  })
})
