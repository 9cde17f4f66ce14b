import { test } from '../fixtures'
import { openEditorWorkspace } from '../support/workspace'
test('shot', async ({ studio }) => {
  const { page, stage } = await openEditorWorkspace(studio, 'light')
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.waitForTimeout(1000)
  await page.screenshot({ path: '/tmp/editor-1440.png' })
  console.log(JSON.stringify(await stage.boundingBox()))
  const boxes = await page.evaluate(() => ['.app-shell', 'main', '.editor', '.editor-layout', '.editor-main', '.mask-painter', '.painter-work', '.editor-side', 'nav'].map((s) => { const e = document.querySelector(s); const r = e?.getBoundingClientRect(); return `${s}: ${r ? [r.x, r.y, r.width, r.height].map(Math.round).join(',') : 'none'}` }))
  console.log(boxes.join('\n'))
})
