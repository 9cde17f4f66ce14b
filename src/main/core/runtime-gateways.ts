import { isLoopbackHost } from '@shared/domain/base-url'
import { allowLoopbackResultOrigin } from './gateway/result-address'
import type { Logger } from './log'
import { ENV_PROFILE_ID, type ProfileService, requireBaseUrl, SANDBOX_PROFILE_ID } from './profiles/profile-service'
import type { CoreOptions } from './studio-core'

/**
 * The gateways the core adds at start without saving them: the built-in Sandbox, the environment's
 * profile, and the loopback result origins the environment allows. Answers the sandbox's URL (null when off).
 */
export async function addRuntimeGateways(
  opts: CoreOptions,
  profiles: ProfileService,
  disposers: Array<() => Promise<void> | void>,
  log: Logger
): Promise<string | null> {
  let sandboxUrl: string | null = null
  if (opts.sandbox?.enabled !== false) {
    // Loaded lazily: the sandbox (and its image codecs) is not needed before the window exists.
    const { startSandbox } = await import('../../sandbox/index')
    // No control or log routes: nothing else on this computer may steer or read the studio's sandbox.
    const sandbox = await startSandbox({ port: 0, speed: opts.sandbox?.speed ?? 1, quiet: true, controlRoutes: false })
    sandboxUrl = sandbox.url
    // Its results come from its own file server, another loopback origin (result-address.ts).
    disposers.push(allowLoopbackResultOrigin(sandbox.url), allowLoopbackResultOrigin(sandbox.cdnUrl))
    profiles.addRuntime(
      { id: SANDBOX_PROFILE_ID, name: 'Sandbox', baseUrl: sandbox.url, kind: 'sandbox', synthetic: true },
      sandbox.key,
      false
    )
    disposers.push(() => sandbox.close())
  }
  for (const origin of (opts.env?.resultOrigins ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)) {
    const url = URL.canParse(origin) ? new URL(origin) : null
    if (url && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname))
      disposers.push(allowLoopbackResultOrigin(url.origin))
    else log(`STUDIO_RESULT_ORIGINS: ${origin} is not a loopback http(s) origin; ignored`)
  }
  if (opts.env?.gatewayUrl && opts.env.apiKey) {
    const baseUrl = requireBaseUrl(opts.env.gatewayUrl, opts.plainHttp)
    profiles.addRuntime(
      { id: ENV_PROFILE_ID, name: 'From environment', baseUrl, kind: 'env', synthetic: false },
      opts.env.apiKey,
      true
    )
  }
  return sandboxUrl
}
