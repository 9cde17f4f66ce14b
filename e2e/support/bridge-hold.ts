import { expect, type Page } from '@playwright/test'
import type { StudioFixture } from '../fixtures'

export interface BridgeHold {
  /** From now on, requests on the channel wait. */
  hold(): void
  /** Resolves once `count` requests are waiting (at once in the Electron shell, which has no socket to hold). */
  caught(count?: number): Promise<void>
  /** Lets the waiting requests through and stops holding. */
  release(): void
}

/**
 * Holds the page's bridge requests on one channel until released, so a test can act while an
 * answer is still on its way instead of hoping the machine is slow enough. Set up before launch:
 * the browser host's bridge is a WebSocket, routed here frame by frame.
 */
export async function holdBridgeRequests(page: Page, studio: StudioFixture, channel: string): Promise<BridgeHold> {
  if (studio.shell !== 'browser') return { hold: () => {}, caught: async () => {}, release: () => {} }
  let holding = false
  const held: (() => void)[] = []
  await page.routeWebSocket(/.*/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((frame) => {
      const send = () => server.send(frame)
      if (holding && typeof frame === 'string' && isRequestOn(frame, channel)) held.push(send)
      else send()
    })
  })
  return {
    hold() {
      holding = true
    },
    async caught(count = 1) {
      await expect.poll(() => held.length).toBe(count)
    },
    release() {
      holding = false
      for (const send of held.splice(0)) send()
    }
  }
}

function isRequestOn(frame: string, channel: string): boolean {
  try {
    return (JSON.parse(frame) as { channel?: unknown }).channel === channel
  } catch {
    return false
  }
}
