/**
 * Comfort, against the sandbox: reduced motion, every control's focus ring, a 1280×720 window zoomed
 * to 200 %.
 */

import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { gallery, launch, nav } from './support/a11y'
import { createForm } from './support/video-page'

/** What moves on the page now: elements (and their ::before / ::after) with an animation or a transition that takes time. */
async function motion(page: Page): Promise<{ moving: string[]; barAppearance: string; running: number }> {
  return page.evaluate(() => {
    // Samples of what may move, beside the screen itself: a toast and a bar without a value.
    const samples = document.createElement('div')
    samples.innerHTML =
      '<ul class="stack-list"><li class="toast"><p class="toast-title">t</p></li></ul><progress></progress><button type="button" class="button">b</button>'
    document.body.append(samples)
    const moving: string[] = []
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of [null, '::before', '::after']) {
        const cs = getComputedStyle(el, pseudo)
        const animated = cs.animationName !== 'none' && cs.animationDuration.split(',').some((d) => parseFloat(d) > 0)
        const transitioned = cs.transitionDuration.split(',').some((d) => parseFloat(d) > 0)
        if (animated || transitioned) moving.push(`${el.tagName.toLowerCase()}.${String(el.className)}${pseudo ?? ''}`)
      }
    }
    const barAppearance = getComputedStyle(samples.querySelector('progress')!).appearance
    const running = document.getAnimations().length
    samples.remove()
    return { moving, barAppearance, running }
  })
}

/** Scrolled to, wholly in the window, not covered by anything, and its content fits its box. */
async function expectUsable(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded()
  // Wholly on screen, to a sub-pixel (a fractional layout position rounds the ratio below 1).
  await expect(target).toBeInViewport({ ratio: 0.99 })
  const state = await target.evaluate((el) => {
    const b = el.getBoundingClientRect()
    const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)
    return {
      hit: hit !== null && (hit === el || el.contains(hit)),
      fits: el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1
    }
  })
  expect(state, target.toString()).toEqual({ hit: true, fits: true })
}

test.describe('comfort', () => {
  // A 1280×720 window zoomed to 200 %, as the browser (or Electron's Ctrl+=) zooms: 640×360 CSS
  // pixels at two device pixels each, so the page's own media queries see the zoomed width too.
  test.use({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 })

  test('reduced motion stops every transition, animation and sweeping bar; at 200 % zoom in 1280×720 the main actions stay usable', async ({
    studio
  }) => {
    test.setTimeout(120_000)
    const page = await launch(studio, 'light')

    await test.step('prefers-reduced-motion', async () => {
      await nav(page, 'Images')
      await expect(gallery(page)).toBeVisible()
      // Without the preference the controls fade their colours and a bar without a value sweeps.
      const moving = await motion(page)
      expect(moving.moving.length).toBeGreaterThan(0)
      expect(moving.barAppearance).not.toBe('none')
      await page.emulateMedia({ reducedMotion: 'reduce' })
      for (const area of ['Images', 'Video', 'Chat']) {
        await nav(page, area)
        await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible()
        expect(await motion(page)).toEqual({ moving: [], barAppearance: 'none', running: 0 })
      }
    })

    await test.step('every kind of control shows keyboard focus', async () => {
      // After a key press focus is keyboard focus, for scripts too: each control focused in turn
      // must match :focus-visible and draw the ring (an outline of at least 2 px).
      const kinds = new Set<string>()
      for (const area of ['Images', 'Video', 'Settings', 'Chat']) {
        await nav(page, area)
        await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible()
        await page.keyboard.press('Shift')
        const seen = await page.evaluate(() => {
          const selector =
            'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'
          const out: { kind: string; ok: boolean; what: string }[] = []
          for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
            // Reachable by Tab only: shown, not inert, not taken out of the order (a measuring mirror).
            if (el.tabIndex < 0 || el.closest('[inert]') || !el.checkVisibility({ visibilityProperty: true })) continue
            el.focus()
            const cs = getComputedStyle(el)
            const role = el.getAttribute('role')
            const kind = `${el.tagName.toLowerCase()}${el instanceof HTMLInputElement ? `[type=${el.type}]` : ''}${role ? `[role=${role}]` : ''}`
            const ok = el.matches(':focus-visible') && cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2
            out.push({
              kind,
              ok,
              what: `${kind} “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}”`
            })
          }
          return out
        })
        expect(seen.filter((s) => !s.ok).map((s) => s.what)).toEqual([])
        for (const s of seen) kinds.add(s.kind)
      }
      for (const kind of [
        'a',
        'button',
        'input[type=text]',
        'input[type=search]',
        'input[type=radio]',
        'input[type=checkbox]',
        'select',
        'textarea',
        'summary'
      ])
        expect([...kinds]).toContain(kind)
    })

    await test.step('200 % zoom', async () => {
      expect(await page.evaluate(() => [window.innerWidth, window.innerHeight, window.devicePixelRatio])).toEqual([
        640, 360, 2
      ])
      const main = page.getByRole('navigation', { name: 'Main' })
      const checks: Array<[string, (p: Page) => Locator[]]> = [
        [
          'Chat',
          (p) => [
            p.getByRole('button', { name: 'New conversation' }),
            p.getByRole('textbox', { name: 'Prompt' }),
            p.getByRole('button', { name: 'Send', exact: true })
          ]
        ],
        [
          'Images',
          (p) => [
            p.getByRole('form', { name: 'Generate' }).getByRole('textbox', { name: 'Prompt' }),
            p.getByRole('form', { name: 'Generate' }).getByRole('button', { name: 'Generate' }),
            p.getByRole('button', { name: 'Edit an image…' }),
            p.getByRole('searchbox', { name: 'Search prompts' })
          ]
        ],
        [
          'Video',
          (p) => [
            createForm(p).getByRole('textbox', { name: 'Prompt' }),
            createForm(p).getByRole('button', { name: 'Create video' })
          ]
        ],
        ['Balance', (p) => [p.getByRole('button', { name: 'Check again' }).first()]],
        ['Settings', (p) => [p.getByRole('button', { name: 'Add profile' })]],
        ['Prompts', (p) => [p.getByRole('searchbox', { name: 'Search history' })]]
      ]
      for (const [area, controls] of checks) {
        const button = main.getByRole('button', { name: area, exact: true })
        await expectUsable(button)
        await button.press('Enter')
        await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible()
        for (const control of controls(page)) await expectUsable(control)
        await expectUsable(page.getByRole('banner').getByTestId('balance-badge'))
        await expectUsable(page.getByRole('banner').getByRole('combobox', { name: 'Active profile' }))
      }
      await page.keyboard.press('Control+k')
      await expectUsable(page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox'))
    })
  })
})
