import { expect, type Locator, type Page } from '@playwright/test'

/** Helpers for keyboard-only tests: every move is a key press, and every stop shows where focus is. */

/** What has focus, and whether it shows a focus indicator (an outline of at least 2 px, or a ring drawn as a box shadow). */
export async function focusState(page: Page): Promise<{ visible: boolean; what: string; kind: string }> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!(el instanceof HTMLElement) || el === document.body)
      return { visible: false, what: 'nothing (body)', kind: 'body' }
    const cs = getComputedStyle(el)
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2
    const ring = cs.boxShadow !== 'none' && cs.boxShadow !== ''
    const role = el.getAttribute('role')
    const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : ''
    const kind = `${el.tagName.toLowerCase()}${type}${role ? `[role=${role}]` : ''}`
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)
    // The ring as drawn: a date field's inner parts take focus without the field matching
    // :focus-visible, so the styles, not that pseudo-class, are what must show it.
    const fv = el.matches(':focus-visible')
    return {
      visible: outline || ring,
      what: `${kind} “${name}” (:focus-visible ${fv}, outline ${cs.outlineStyle} ${cs.outlineWidth}, box-shadow ${cs.boxShadow})`,
      kind
    }
  })
}

/** Fails unless the focused element shows that it has focus. Returns its kind (tag, input type, role). */
export async function expectFocusVisible(page: Page): Promise<string> {
  const state = await focusState(page)
  expect(state.visible, `focus indicator on ${state.what}`).toBe(true)
  return state.kind
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement)

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that focus is
 * visible; the kinds of element passed on the way are added to `kinds`.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  opts: { back?: boolean; max?: number; kinds?: Set<string> } = {}
): Promise<void> {
  await expect(target).toBeVisible()
  let wrapped = false
  for (let i = 0; i <= (opts.max ?? 150); i++) {
    if (await isFocused(target)) return
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab')
    const state = await focusState(page)
    // Past the page's last (or first) control focus leaves the page, once, and the next Tab comes back.
    if (state.kind === 'body' && !wrapped) {
      wrapped = true
      continue
    }
    expect(state.visible, `focus indicator on ${state.what}`).toBe(true)
    opts.kinds?.add(state.kind)
  }
  throw new Error(`Tab never reached ${target.toString()}`)
}

/** Presses `key` until `target` has focus (arrow keys inside a grid). */
export async function pressTo(page: Page, key: string, target: Locator, max = 20): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) return
    await page.keyboard.press(key)
  }
  throw new Error(`${key} never reached ${target.toString()}`)
}

/** Whether the focused element is inside `container`. */
export const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement))
