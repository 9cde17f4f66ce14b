/**
 * STUDIO_API_KEY (with STUDIO_GATEWAY_URL: a profile whose key stays in memory) reaches the Electron
 * shell in one of two ways:
 *  - through stdin, when `npm start` launches Electron (scripts/launcher.mjs): the launcher takes
 *    the key out of Electron's environment and sets STUDIO_API_KEY_FROM=stdin. On Linux Chromium
 *    starts its zygote before any JavaScript runs, and every renderer is forked from it with the
 *    environment Electron started with, so this is the only way the renderers' starting
 *    environment never holds the key;
 *  - in the environment, when Electron is started some other way. It is then removed from
 *    process.env before any of the app's own code runs (take-env-key.ts), which keeps it from every
 *    process started later (GPU and other helpers launched after start-up, the opener, crash
 *    reports) but not from the zygote's copy: README, "STUDIO_API_KEY".
 */
export const API_KEY_VAR = 'STUDIO_API_KEY'
/** Set by the launcher to `stdin` when the key comes as the whole of Electron's stdin. */
export const API_KEY_FROM_VAR = 'STUDIO_API_KEY_FROM'

type Env = Record<string, string | undefined>

/** Takes the key out of `env` (both variables are deleted) and returns it, from stdin when told so. */
export function takeApiKey(env: Env, readStdin: () => string): string | undefined {
  const inEnv = env[API_KEY_VAR]
  const from = env[API_KEY_FROM_VAR]
  delete env[API_KEY_VAR]
  delete env[API_KEY_FROM_VAR]
  if (inEnv) return inEnv
  if (from !== 'stdin') return undefined
  let text: string
  try {
    text = readStdin()
  } catch {
    return undefined
  }
  // One key, with the newline a shell or `echo` may add.
  const key = text.replace(/\r?\n$/, '')
  return key === '' ? undefined : key
}
