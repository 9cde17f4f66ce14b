import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ScriptedHandler = (req: IncomingMessage, res: ServerResponse) => void

/** A loopback HTTP server whose answers a test scripts, for client behaviour the sandbox has no mode for. */
export async function scriptedServer(
  handler: ScriptedHandler
): Promise<{ url: string; requests: IncomingMessage[]; close(): Promise<void> }> {
  const requests: IncomingMessage[] = []
  const server = createServer((req, res) => {
    requests.push(req)
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export function usageBody(over: Record<string, unknown> = {}): string {
  return JSON.stringify({
    code: true,
    message: 'ok',
    data: {
      object: 'token_usage',
      name: 'studio key',
      total_granted: 1000,
      total_used: 250,
      total_available: 750,
      unlimited_quota: false,
      model_limits: {},
      model_limits_enabled: false,
      expires_at: 0,
      ...over
    }
  })
}
