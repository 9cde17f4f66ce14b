import type { Page, WebSocket } from 'playwright-core'
import { COMPOSER_SELECTOR } from './page-ready'

/** Selectors of the chat view (src/renderer/src/features/chat): see the components named. */
export const SEL = {
  prompt: COMPOSER_SELECTOR,
  /** list/ConversationList.tsx */
  newConversation: 'button.chat-new',
  /** list/ConversationItem.tsx */
  conversation: (id: string) => `button.chat-conv-open[data-id="${id}"]`,
  /** messages/MessageRow.tsx */
  message: 'article.chat-message',
  assistant: 'article.chat-message-assistant'
}

export interface BridgeWatch {
  /** Events seen on the page's bridge socket, in order. */
  events: Array<{ name: string; at: number }>
  count(name: string, from?: number): number
  /** Resolves with the index of the next event called `name` at or after `from`. */
  next(name: string, from: number, timeoutMs: number): Promise<number>
}

/**
 * Watches the page's bridge WebSocket from the outside (Playwright frame events), so the harness
 * knows when the host ended a stream without touching page code.
 */
export function watchBridge(page: Page): BridgeWatch {
  const events: BridgeWatch['events'] = []
  const listeners = new Set<() => void>()
  page.on('websocket', (ws: WebSocket) => {
    ws.on('framereceived', (f) => {
      const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8')
      // Only event frames; cheap prefix check first, the stream deltas are many.
      if (!text.startsWith('{"t":"event"')) return
      const m = /^\{"t":"event","name":"([^"]+)"/.exec(text)
      if (m) events.push({ name: m[1], at: performance.now() })
      for (const l of listeners) l()
    })
  })
  return {
    events,
    count: (name, from = 0) => events.slice(from).filter((e) => e.name === name).length,
    next(name, from, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const i = events.findIndex((e, j) => j >= from && e.name === name)
          if (i >= 0) {
            cleanup()
            resolve(i)
          }
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(new Error(`no ${name} on the bridge within ${timeoutMs} ms`))
        }, timeoutMs)
        const cleanup = () => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        listeners.add(check)
        check()
      })
    }
  }
}

/** Opens the studio and waits until the composer can be used. */
export async function openChat(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => document.documentElement.dataset.appState === 'ready', undefined, {
    timeout: 20_000
  })
  await page.locator(SEL.prompt).waitFor({ state: 'visible', timeout: 20_000 })
}

/** A new, empty conversation (the previous one unmounts). */
export async function startNewConversation(page: Page): Promise<void> {
  await page.locator(SEL.newConversation).click()
  await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 0, SEL.message, { timeout: 10_000 })
}

/**
 * Sends `text` from the composer (Enter, as a user would) and resolves when the host has ended the
 * stream and the page shows the final answer (no message still marked streaming).
 */
export async function sendAndWait(page: Page, bridge: BridgeWatch, text: string, timeoutMs = 120_000): Promise<void> {
  const from = bridge.events.length
  const prompt = page.locator(SEL.prompt)
  await prompt.fill(text)
  await prompt.press('Enter')
  await bridge.next('chat:stream-ended', from, timeoutMs)
  await page.waitForFunction((sel) => !document.querySelector(`${sel}[data-status="streaming"]`), SEL.message, {
    timeout: 30_000
  })
}
