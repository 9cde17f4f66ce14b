import { expect, test } from './fixtures'
import { openChat } from './support/chat-page'
import { openScreen, pageOverflow, SCREENS, WINDOW_SIZES, windowShare } from './support/layout'

test.describe('layout: the window never scrolls as a page', () => {
  for (const size of WINDOW_SIZES) {
    test(`every screen fits ${size.width}×${size.height}; its panes scroll inside`, async ({ studio }) => {
      const chat = await openChat(studio)
      await chat.page.setViewportSize(size)
      for (const screen of SCREENS) {
        await openScreen(chat.page, screen)
        expect(await pageOverflow(chat.page), `${screen} at ${size.width}×${size.height}`).toBe(0)
      }
    })
  }
})

test.describe('layout: the chat transcript has the room', () => {
  for (const [size, share] of [[WINDOW_SIZES[0], 0.55], [WINDOW_SIZES[1], 0.45]] as const) {
    test(`the transcript takes at least ${share * 100}% of a ${size.width}×${size.height} window`, async ({ studio }) => {
      const chat = await openChat(studio)
      await chat.page.setViewportSize(size)
      const transcript = chat.page.getByRole('region', { name: 'Messages' })
      await expect(transcript).toBeVisible()
      console.log(size, await windowShare(chat.page, transcript))
      expect(await windowShare(chat.page, transcript)).toBeGreaterThanOrEqual(share)
    })
  }
})
