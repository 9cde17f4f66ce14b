import type { Browser, Page } from 'playwright-core'
import { withBrowser, withContext } from './browser'
import { openChat, watchBridge, type BridgeWatch } from './chat-page'
import { startLongGateway } from './long-gateway'
import { withSandbox } from './sandbox'
import { withStudio, type LaunchedStudio } from './studio'

export interface ChatBench {
  studio: LaunchedStudio
  browser: Browser
}

/**
 * The full renderer rig: sandbox + long-answer gateway in this process, the built studio pointed
 * at it (STUDIO_GATEWAY_URL/STUDIO_API_KEY), one Chromium. Everything is closed afterwards, in
 * reverse order, also when `fn` throws.
 */
export async function withChatBench<T>(fn: (rig: ChatBench) => Promise<T>, dataDir?: string): Promise<T> {
  return withSandbox(async (sb) => {
    const long = await startLongGateway(sb.url)
    try {
      return await withStudio({ gateway: { url: long.url, key: sb.key }, dataDir }, (studio) =>
        withBrowser((browser) => fn({ studio, browser }))
      )
    } finally {
      await long.close()
    }
  })
}

/** A fresh context and page on the studio's chat view, with the bridge watched. */
export async function withChatPage<T>(rig: ChatBench, fn: (page: Page, bridge: BridgeWatch) => Promise<T>): Promise<T> {
  return withContext(rig.browser, async (context) => {
    const page = await context.newPage()
    const bridge = watchBridge(page)
    await openChat(page, rig.studio.url)
    return fn(page, bridge)
  })
}

/** Is the chat view there (composer on the page)? Null when it is, else why not. */
export async function chatViewMissing(rig: ChatBench): Promise<string | null> {
  try {
    await withChatPage(rig, async () => undefined)
    return null
  } catch (e) {
    return e instanceof Error ? e.message.split('\n')[0] : String(e)
  }
}
