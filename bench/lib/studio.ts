import { launchBrowserHost, removeDir, tempDataDir, type LaunchedStudio } from '../../e2e/support/launch'

export type { LaunchedStudio }

/**
 * Hosts still running. The runner exits explicitly (a metric over its budget may still be waiting),
 * and a child process outlives its parent unless killed; this is the last line of that cleanup.
 */
const live = new Set<LaunchedStudio>()
process.on('exit', () => {
  for (const s of live) if (s.child.exitCode === null) s.child.kill('SIGKILL')
})

export interface StudioOptions {
  /** STUDIO_GATEWAY_URL + STUDIO_API_KEY: the studio's active profile points at this gateway. */
  gateway?: { url: string; key: string }
  /** A data dir prepared by the caller (e.g. seeded conversations); kept, the caller removes it. */
  dataDir?: string
  /** More host environment (e.g. STUDIO_RESULT_ORIGINS for the sandbox's file server). */
  env?: Record<string, string | undefined>
}

/**
 * The built browser host (`node out/main/host.js`, STUDIO_OPEN=0, STUDIO_PORT=0, a temp data dir),
 * started exactly as the end-to-end fixture starts it and stopped afterwards, even on failure.
 */
export async function withStudio<T>(opts: StudioOptions, fn: (studio: LaunchedStudio) => Promise<T>): Promise<T> {
  const ownDir = opts.dataDir === undefined
  const dataDir = opts.dataDir ?? tempDataDir()
  let studio: LaunchedStudio | undefined
  try {
    studio = await launchBrowserHost(
      {
        STUDIO_OPEN: '0',
        STUDIO_PORT: '0',
        // The built-in sandbox profile paces streams at 25 ms / speed; fast so it never dominates.
        STUDIO_SANDBOX_SPEED: '1000',
        STUDIO_GATEWAY_URL: opts.gateway?.url,
        STUDIO_API_KEY: opts.gateway?.key,
        ...opts.env
      },
      dataDir
    )
    live.add(studio)
    return await fn(studio)
  } finally {
    await studio?.stop()
    if (studio) live.delete(studio)
    if (ownDir) removeDir(dataDir)
  }
}

export { tempDataDir, removeDir }
