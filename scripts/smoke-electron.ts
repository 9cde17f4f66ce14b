/**
 * `npm run smoke:electron`: the flows only the Electron shell has, walked in the real app with
 * Playwright's Electron support against a sandbox gateway of its own (docs/ELECTRON.md says what is
 * proven here and nowhere else). For a machine where Electron runs: it starts the built app
 * (out/main/index.js under node_modules' Electron; `npm run build` first) or a packaged one
 * (STUDIO_SMOKE_APP=<its executable>). Where Electron is missing it says so in one line and exits 2.
 *
 * Exit codes: 0 every step passed; 1 a step failed (its error is printed, the data folder kept);
 * 2 no Electron to run.
 */
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import { filesContaining } from '../e2e/support/canary'
import { ChatPage } from '../e2e/support/chat-page'
import { generate, waitForDone } from '../e2e/support/images-page'
import { ROOT, newCanaryKey } from '../e2e/support/launch'
import { openSettings } from '../e2e/support/names-dialog'
import {
  chooseFamily,
  createForm,
  expectPlays,
  mp4sOnDisk,
  reveal,
  submit,
  waitForState
} from '../e2e/support/video-page'
import { startSandbox } from '../src/sandbox/index'
import { goTo, paidCreates, secondInstanceQuits, start, type Run, type SeenNotice } from './smoke-electron-app'
import { NO_ELECTRON_EXIT, noElectronLine, smokeTarget, STEPS } from './smoke-electron-plan'

const PROFILE = 'Smoke gateway'
const REDIRECT_PROMPT = 'smoke: a harbour at dusk sandbox:redirect=2'
const RESUME_PROMPT = 'smoke: a slow sunrise, resumed after a restart'
/** Task time the sandbox is moved on by to finish the videos (they take 30-120 s of it). */
const FINISH_SECONDS = 200

const steps: Record<string, (r: Run) => Promise<string | void>> = {
  async start(r) {
    const { page, app } = r.studio
    expect(new URL(page.url()).protocol, 'the page comes from the app scheme, not a server').toBe('app:')
    const facts = await app.evaluate(({ app: a }) => ({
      name: a.getName(),
      lock: a.hasSingleInstanceLock(),
      userData: a.getPath('userData')
    }))
    expect(facts.name, 'productName names the app (userData folder, keychain item, Windows app id)').toBe(
      'Generation Studio'
    )
    expect(facts.lock, 'the first instance holds the single-instance lock').toBe(true)
    expect(realpathSync(facts.userData), 'STUDIO_DATA_DIR is the userData folder (the lock is per data folder)').toBe(
      realpathSync(r.dataDir)
    )
    await secondInstanceQuits(r.target, r.dataDir)
    await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready')
    return `${facts.name}, ${page.url()}`
  },

  async 'saved-key'(r) {
    const { page, app } = r.studio
    const storage = await app.evaluate(({ safeStorage }) => ({
      available: safeStorage.isEncryptionAvailable(),
      backend: process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform
    }))
    if (!storage.available)
      throw new Error(
        `safeStorage cannot encrypt here (backend ${storage.backend}): this step needs an OS keychain (on Linux a running Secret Service, e.g. gnome-keyring or KWallet)`
      )
    await openSettings(page)
    await page.getByRole('button', { name: 'Add profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add profile' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill(PROFILE)
    await dialog.getByRole('textbox', { name: 'Base URL' }).fill(r.sb.url)
    await dialog.getByLabel('API key').fill(r.key)
    await expect(
      dialog.getByText('The key will be encrypted with the system keychain.'),
      `the form offers the OS keychain (safeStorage backend ${storage.backend})`
    ).toBeVisible()
    await dialog.getByRole('button', { name: 'Test connection', exact: true }).click()
    await expect(dialog.getByRole('status').filter({ hasText: 'Connected' })).toContainText('smoke key', {
      timeout: 20_000
    })
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    const item = page.getByRole('listitem').filter({ hasText: PROFILE })
    await expect(item.locator('[data-key-status]')).toHaveAttribute('data-key-status', 'os')
    await item.getByRole('button', { name: `Use ${PROFILE}` }).click()
    await expect(
      page.getByRole('banner').getByRole('combobox', { name: 'Active profile' }).locator('option:checked')
    ).toHaveText(PROFILE)
    await expect(page.getByRole('banner').getByTestId('balance-badge')).toHaveAttribute('data-state', 'active', {
      timeout: 20_000
    })
    expect(filesContaining(r.dataDir, r.key), 'the key is nowhere in clear in the data folder').toEqual([])
    return `safeStorage backend ${storage.backend}`
  },

  async chat(r) {
    const chat = new ChatPage(r.studio.page)
    await chat.open()
    await chat.newConversation('General chat', 'gpt-4o-mini')
    await chat.send('smoke: tell me about harbours')
    const answer = chat.lastAnswer()
    // The sandbox paces its pieces (speed 1), so the answer is seen part-way before it completes.
    await expect(answer).toHaveAttribute('data-status', 'streaming', { timeout: 20_000 })
    const partial = (await answer.textContent()) ?? ''
    const done = await chat.waitForAnswer('complete')
    const whole = (await done.textContent()) ?? ''
    expect(whole.length, 'the complete answer is longer than what was seen while streaming').toBeGreaterThan(
      partial.length
    )
    expect(
      r.sb.log().some((e) => e.route.startsWith('text.') && e.key === r.key),
      'the answer came from the smoke gateway with the saved key'
    ).toBe(true)
    return `${whole.length} characters`
  },

  async image(r) {
    const page = r.studio.page
    await goTo(page, 'Images')
    const prompt = 'smoke: a lighthouse in fog'
    await generate(page, prompt)
    const card = await waitForDone(page, 'Generate')
    const img = card.getByRole('img', { name: `Result: ${prompt}` }).first()
    await expect(img).toBeVisible({ timeout: 20_000 })
    const shown = await img.evaluate(
      (el: HTMLImageElement) =>
        new Promise<{ src: string; width: number }>((resolve, reject) => {
          const done = () => resolve({ src: el.currentSrc || el.src, width: el.naturalWidth })
          if (el.complete && el.naturalWidth > 0) return done()
          el.addEventListener('load', done, { once: true })
          el.addEventListener('error', () => reject(new Error(`the image did not load from ${el.src}`)), { once: true })
        })
    )
    expect(shown.src.startsWith('studio-media://'), `the image is served by the media protocol (${shown.src})`).toBe(
      true
    )
    expect(shown.width).toBeGreaterThan(0)
    return `${shown.width} px wide from ${new URL(shown.src).protocol}`
  },

  async 'video-redirect'(r) {
    const { page, app } = r.studio
    // Record OS notifications from here on (the notification step reads them): the real class,
    // wrapped, so what the shell shows and what the OS says about it (show / failed) are both seen.
    await app.evaluate(({ Notification }) => {
      const g = globalThis as unknown as { smokeNotices?: SeenNotice[] }
      if (g.smokeNotices) return
      const notices: SeenNotice[] = []
      g.smokeNotices = notices
      const show = Notification.prototype.show
      Notification.prototype.show = function (this: Electron.Notification) {
        const rec: SeenNotice = { title: this.title, body: this.body, shown: false, failed: null }
        notices.push(rec)
        this.on('show', () => (rec.shown = true))
        this.on('failed', (_e, error) => (rec.failed = String(error)))
        return show.call(this)
      }
      if (Notification.prototype.show === show)
        throw new Error(
          'Notification.prototype.show cannot be wrapped in this Electron: the notification step cannot observe the OS notification'
        )
    })
    await goTo(page, 'Video')
    await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible({ timeout: 20_000 })
    const before = paidCreates(r.sb).length
    await chooseFamily(page, 'Video object · JSON')
    await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill(REDIRECT_PROMPT)
    await createForm(page).getByRole('combobox', { name: 'Seconds' }).selectOption('5')
    await submit(page)
    await expect.poll(() => paidCreates(r.sb).length, { timeout: 20_000 }).toBe(before + 1)
    r.sb.advance(FINISH_SECONDS)
    const card = await waitForState(page, REDIRECT_PROMPT, 'Succeeded', 90_000)
    await expectPlays(card)
    const src = await card.getByTestId('video-player').evaluate((v: HTMLVideoElement) => v.currentSrc)
    expect(src.startsWith('studio-media://'), `the video plays from the media protocol (${src})`).toBe(true)
    const hops = r.sb.log().filter((e) => e.route === 'cdn.file' && e.faults.includes('result:redirect-hops=2'))
    expect(
      hops.map((e) => e.status),
      'the result link was followed through both redirects to its bytes'
    ).toEqual([302, 302, 200])
    expect(
      hops.every((e) => e.key === null),
      'no key went to the result origin'
    ).toBe(true)
    expect(
      r.sb.log().filter((e) => e.route === 'videos.content'),
      'the download did not fall back to /content'
    ).toEqual([])
    // Page fullscreen goes through the session's permission handler (the video controls' button does
    // the same); executeJavaScript with a user gesture, as a click would give.
    const fullscreen = await app.evaluate(async ({ BrowserWindow }) => {
      const w = BrowserWindow.getAllWindows().find((x) => !x.isDestroyed())
      if (!w) return 'no window'
      return (await w.webContents.executeJavaScript(
        `(async () => {
          const v = document.querySelector('[data-testid="video-player"]')
          if (!v) return 'no player'
          try { await v.requestFullscreen() } catch (e) { return 'refused: ' + e.message }
          const inside = document.fullscreenElement === v
          await document.exitFullscreen()
          return inside ? 'entered' : 'not entered'
        })()`,
        true
      )) as string
    })
    expect(fullscreen, 'the player goes fullscreen').toBe('entered')
    return `hops ${hops.map((e) => e.status).join(', ')}; ${src.split('/').slice(0, 3).join('/')}/…; fullscreen ${fullscreen}`
  },

  async 'extract-frame'(r) {
    const page = r.studio.page
    const card = await reveal(page, REDIRECT_PROMPT)
    await card.getByRole('button', { name: 'Extract frame as image' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'is in the gallery' })).toHaveText(
      /The frame at \d+\.\d\d s is in the gallery\./,
      { timeout: 30_000 }
    )
    const listed = await page.evaluate(() =>
      (
        window as unknown as { studio: { images: { listGallery(i: unknown): Promise<unknown> } } }
      ).studio.images.listGallery({ filter: { origin: 'frame' } })
    )
    const items = (
      listed as { ok: true; value: { items: Array<{ prompt: string; width: number; height: number; format: string }> } }
    ).value.items
    expect(items, 'one frame in the gallery').toHaveLength(1)
    // The sandbox's sample videos are 320x180: the frame is the video's own size, as a PNG.
    expect(items[0]).toMatchObject({ prompt: REDIRECT_PROMPT, width: 320, height: 180, format: 'png' })
    return `${items[0].width}x${items[0].height} ${items[0].format}`
  },

  async notification(r) {
    const { page, app } = r.studio
    const supported = await app.evaluate(({ Notification }) => Notification.isSupported())
    const notices = await app.evaluate(
      () => (globalThis as unknown as { smokeNotices?: SeenNotice[] }).smokeNotices ?? []
    )
    // "Video ready", or "Video finished; download pending" when announced before its download ended.
    const ours = notices.filter((n) => /^Video (ready|finished)/.test(n.title) && n.body.includes('smoke: a harbour'))
    if (!supported) {
      expect(ours, 'no OS notification where the OS has none').toEqual([])
      await expect(
        page.getByTestId('video-toast').filter({ hasText: 'smoke: a harbour' }),
        'the in-app notice stands in'
      ).toBeVisible()
      return 'Notification.isSupported() is false here: the in-app notice was shown'
    }
    expect(ours, 'one OS notification for the finished video').toHaveLength(1)
    const n = ours[0]
    if (n.shown) return `shown by the OS: "${n.title}: ${n.body}"`
    // The OS did not confirm it (failed, or no 'show' yet): the user must still be told, in the window.
    await expect(
      page.getByTestId('video-toast').filter({ hasText: 'smoke: a harbour' }),
      `the OS did not show the notification (${n.failed ?? 'no show event'}): the in-app notice must`
    ).toBeVisible({ timeout: 10_000 })
    return `the OS did not show it (${n.failed ?? 'no show event'}); the in-app notice did`
  },

  async 'quit-resume'(r) {
    let page = r.studio.page
    await goTo(page, 'Video')
    const before = paidCreates(r.sb).length
    await chooseFamily(page, 'Video object · JSON')
    await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill(RESUME_PROMPT)
    await submit(page)
    await expect.poll(() => paidCreates(r.sb).length, { timeout: 20_000 }).toBe(before + 1)
    // Accepted by the gateway (it has a task id), not finished: task time stands still until advanced.
    await expect((await reveal(page, RESUME_PROMPT)).getByTestId('task-state')).toHaveText(/Queued|Running/, {
      timeout: 20_000
    })
    await r.studio.stop()
    r.studio = await start(r.target, r.dataDir, r.sb)
    page = r.studio.page
    await expect(
      page.getByRole('banner').getByRole('combobox', { name: 'Active profile' }).locator('option:checked')
    ).toHaveText(PROFILE)
    await expect(
      page.getByRole('banner').getByTestId('balance-badge'),
      'the saved key was read back from the OS keychain'
    ).toHaveAttribute('data-state', 'active', { timeout: 20_000 })
    await goTo(page, 'Video')
    r.sb.advance(FINISH_SECONDS)
    const card = await waitForState(page, RESUME_PROMPT, 'Succeeded', 90_000)
    await expectPlays(card)
    expect(paidCreates(r.sb).length, 'the create was not sent again').toBe(before + 1)
    await expect.poll(() => mp4sOnDisk(r.dataDir).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
    return `${paidCreates(r.sb).length} paid creates in all`
  }
}

async function main(): Promise<number> {
  const target = smokeTarget(ROOT, process.env)
  if (!target.ok) {
    process.stderr.write(`${noElectronLine(target.reason)}\n`)
    return NO_ELECTRON_EXIT
  }
  if (target.args.length && !existsSync(target.args[0])) {
    process.stderr.write(`smoke:electron: ${target.args[0]} is missing: run \`npm run build\` first.\n`)
    return 1
  }
  process.stdout.write(`smoke:electron: ${target.what}\n`)
  const key = newCanaryKey()
  // Speed 1: videos stand still until the script moves task time on (sb.advance), so "running at quit" is certain.
  const sb = await startSandbox({
    port: 0,
    speed: 1,
    quiet: true,
    keys: [{ key, name: 'smoke key', quota: 40_000_000 }]
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-smoke-electron-'))
  let run: Run | undefined
  let failed = false
  try {
    try {
      run = { target, sb, key, dataDir, studio: await start(target, dataDir, sb) }
    } catch (e) {
      failed = true
      process.stdout.write(
        `  FAIL start: the app did not open its window ready\n${e instanceof Error ? (e.stack ?? e.message) : String(e)}\nsmoke:electron FAILED\n`
      )
      return 1
    }
    for (const step of STEPS) {
      const t0 = Date.now()
      try {
        const said = await steps[step.id](run)
        process.stdout.write(
          `  ok   ${step.id} (${((Date.now() - t0) / 1000).toFixed(1)} s)${said ? `: ${said}` : ''}\n`
        )
      } catch (e) {
        failed = true
        process.stdout.write(
          `  FAIL ${step.id}: ${step.title}\n${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`
        )
        const out = run.studio.output().trim().split('\n').slice(-15).join('\n')
        if (out) process.stdout.write(`app output (last lines):\n${out}\n`)
        break
      }
    }
  } finally {
    await run?.studio.stop()
    await sb.close()
    if (failed) process.stdout.write(`data folder kept for a look: ${dataDir}\n`)
    else rmSync(dataDir, { recursive: true, force: true })
  }
  process.stdout.write(failed ? 'smoke:electron FAILED\n' : `smoke:electron: all ${STEPS.length} steps passed\n`)
  return failed ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`smoke:electron could not run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
    process.exit(1)
  }
)
