import { writeFileSync } from 'node:fs'
import { expect, test } from './fixtures'
test('probe painter feel at 4096', async ({ studio, page }) => {
  test.setTimeout(180_000)
  await page.addInitScript(() => {
    // Time every rAF callback (the engine's frame is one of them) and every long task.
    const w = window as unknown as { __cb: number[]; __frames: number[]; __long: number[] }
    w.__cb = []; w.__frames = []; w.__long = []
    const raf = window.requestAnimationFrame.bind(window)
    window.requestAnimationFrame = (cb) => raf((t) => { const s = performance.now(); cb(t); w.__cb.push(performance.now() - s) })
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__long.push(e.duration) }).observe({ type: 'longtask', buffered: true })
    ;(w as unknown as { __loaf: unknown[] }).__loaf = []
    new PerformanceObserver((l) => { for (const e of l.getEntries() as unknown as { duration: number; blockingDuration: number; renderStart: number; startTime: number; styleAndLayoutStart: number; scripts: { invoker: string; sourceFunctionName: string; duration: number; forcedStyleAndLayoutDuration: number; sourceURL: string }[] }[]) (w as unknown as { __loaf: unknown[] }).__loaf.push({ d: Math.round(e.duration), render: Math.round(e.startTime + e.duration - e.renderStart), style: Math.round(e.startTime + e.duration - e.styleAndLayoutStart), scripts: e.scripts.map((x) => `${x.invoker}|${x.sourceFunctionName}|${Math.round(x.duration)}|forced ${Math.round(x.forcedStyleAndLayoutDuration)}`) }) }).observe({ type: 'long-animation-frame', buffered: false })
  })
  await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()
  const form = page.getByRole('form', { name: 'Generate' })
  await form.getByRole('textbox', { name: 'Prompt' }).fill('big one')
  await form.getByRole('textbox', { name: 'Size (<width>*<height>)' }).fill('4096*4096')
  await form.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByTestId('job-status').first()).toHaveText('Done', { timeout: 60_000 })
  const cell = page.getByRole('gridcell', { name: 'big one' })
  await cell.hover()
  const t0 = Date.now()
  await cell.getByRole('button', { name: 'Edit this' }).click()
  const stage = page.getByTestId('painter-stage')
  await expect(stage).toBeVisible()
  await expect(page.getByText('4096×4096 source')).toBeVisible()
  await page.waitForTimeout(3000)
  console.log('open→visible ms (incl. decode wait)', Date.now() - t0)
  const size = page.getByRole('slider', { name: 'Brush size' })
  await size.fill('150')
  console.log('brush', await size.getAttribute('aria-valuetext'))
  const paint = async (label: string, css: string) => {
    await page.evaluate((css) => { let st = document.getElementById('probe-css'); if (!st) { st = document.createElement('style'); st.id = 'probe-css'; document.head.append(st) } st.textContent = css }, css).catch(() => {})
    await page.waitForTimeout(300)
    const res = await page.evaluate(async () => {
    const w = window as unknown as { __cb: number[]; __long: number[] }
    const real = document.querySelector('[data-testid=painter-stage]') as HTMLElement
    const base = document.getElementById('probe-css')?.textContent?.includes('pointer-events:none')
    const stage = base ? (document.querySelector('.painter-help') as HTMLElement) : real
    const r = real.getBoundingClientRect()
    const frames: number[] = []
    w.__cb.length = 0; w.__long.length = 0
    const N = 180
    const ev = (type: string, i: number) => new PointerEvent(type, { pointerId: 1, button: 0, buttons: 1, bubbles: true, clientX: r.left + 60 + (i * (r.width - 120)) / N, clientY: r.top + r.height / 2 + 80 * Math.sin(i / 9) })
    await new Promise<void>((done) => {
      let i = 0
      let last = performance.now()
      stage.dispatchEvent(ev('pointerdown', 0))
      const step = () => {
        const now = performance.now(); frames.push(now - last); last = now
        i++
        stage.dispatchEvent(ev('pointermove', i))
        if (i < N) requestAnimationFrame(step)
        else { stage.dispatchEvent(ev('pointerup', i)); done() }
      }
      requestAnimationFrame(step)
    })
    const q = (a: number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))] }
    const cbs = w.__cb.slice()
    return { frameP50: q(frames.slice(1), 0.5), frameP95: q(frames.slice(1), 0.95), over25: frames.slice(1).filter((f) => f > 25).length, cbP50: q(cbs, 0.5), cbP95: q(cbs, 0.95), cbMax: Math.max(...cbs), longTasks: w.__long.slice() }
  })
    console.log(label.padEnd(18), 'p50', res.frameP50.toFixed(1), 'p95', res.frameP95.toFixed(1), '>25', res.over25, 'cb95', res.cbP95.toFixed(1))
  }
  await paint('warm', '')
  const variants: [string, string][] = [
    ['base', ''],
    ['no-opacity', '.painter-mask{opacity:1!important}'],
    ['no-image-canvas', '.painter-layer:not(.painter-mask){visibility:hidden!important}'],
    ['no-mask-canvas', '.painter-mask{visibility:hidden!important}'],
    ['no-cursor', '.brush-cursor{display:none!important}'],
    ['no-checker', '.painter-stage{background:none!important}'],
    ['baseline-dispatch', '.painter-stage{pointer-events:none}']
  ]
  for (let k = 0; k < 2; k++) for (const [l, c] of variants) await paint(l, c)
  // Idle baseline
  const idle = await page.evaluate(async () => {
    const frames: number[] = []
    await new Promise<void>((done) => { let last = performance.now(); let i = 0; const step = () => { const n = performance.now(); frames.push(n - last); last = n; if (++i < 180) requestAnimationFrame(step); else done() }; requestAnimationFrame(step) })
    const s = frames.slice(1).sort((a, b) => a - b)
    return { p50: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)] }
  })
  console.log('idle', JSON.stringify(idle))
  // Zoom/pan cost
  const zoom = await page.evaluate(async () => {
    const w = window as unknown as { __cb: number[] }
    const stage = document.querySelector('[data-testid=painter-stage]') as HTMLElement
    const r = stage.getBoundingClientRect()
    w.__cb.length = 0
    for (let i = 0; i < 30; i++) {
      stage.dispatchEvent(new WheelEvent('wheel', { deltaY: -40, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true }))
      await new Promise((d) => requestAnimationFrame(() => d(null)))
    }
    const s = w.__cb.slice().sort((a, b) => a - b)
    return { p50: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)], max: s[s.length - 1] }
  })
  console.log('zoom frames', JSON.stringify(zoom))
  // Export: long tasks while the worker replays and encodes (the upload then fails on the host CSP).
  await page.getByRole('form', { name: 'Edit settings' }).getByRole('textbox', { name: 'Prompt' }).fill('x')
  await page.evaluate(() => { (window as unknown as { __long: number[] }).__long.length = 0 })
  const e0 = Date.now()
  await page.getByRole('button', { name: 'Apply edit' }).click()
  await expect(page.getByText('Uploading mask…').or(page.getByRole('alert'))).toBeVisible({ timeout: 30000 })
  console.log('export until upload ms', Date.now() - e0)
  await page.waitForTimeout(500)
  console.log('long tasks during export', JSON.stringify(await page.evaluate(() => (window as unknown as { __long: number[] }).__long)))
})
