import { isAbsolute, join, resolve } from 'node:path'

export const APP_DIR_NAME = 'generation-studio'

export interface HostConfig {
  dataDir: string
  port: number
  open: boolean
  sandboxSpeed: number
  gatewayUrl?: string
  apiKey?: string
  /** STUDIO_CLOCK_FILE: the host's clock is shifted by the milliseconds in this file (end-to-end tests). */
  clockFile?: string
}

type Env = Record<string, string | undefined>

/**
 * The per-user folder the studio keeps its data in when STUDIO_DATA_DIR is not set; the same
 * place Electron's userData would be for this app name, so both shells find the same profiles.
 */
export function defaultDataDir(env: Env, platform: string, home: string): string {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), APP_DIR_NAME)
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME)
  // XDG says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.config'), APP_DIR_NAME)
}

export class ConfigError extends Error {}

/** Reads the automation variables; a bad value is a clear error, never a silent default. */
export function readHostConfig(env: Env, platform: string, home: string): HostConfig {
  const dataDir = env.STUDIO_DATA_DIR ? resolve(env.STUDIO_DATA_DIR) : defaultDataDir(env, platform, home)
  const port = env.STUDIO_PORT === undefined || env.STUDIO_PORT === '' ? 0 : Number(env.STUDIO_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`STUDIO_PORT must be a port number (0-65535), got ${JSON.stringify(env.STUDIO_PORT)}`)
  }
  const speed = Number(env.STUDIO_SANDBOX_SPEED)
  const gatewayUrl = env.STUDIO_GATEWAY_URL || undefined
  const apiKey = env.STUDIO_API_KEY || undefined
  if (Boolean(gatewayUrl) !== Boolean(apiKey)) {
    throw new ConfigError('STUDIO_GATEWAY_URL and STUDIO_API_KEY must be set together')
  }
  const clockFile = env.STUDIO_CLOCK_FILE || undefined
  if (clockFile && !isAbsolute(clockFile)) {
    throw new ConfigError(`STUDIO_CLOCK_FILE must be an absolute path, got ${JSON.stringify(clockFile)}`)
  }
  return {
    dataDir,
    port,
    open: !['0', 'false'].includes((env.STUDIO_OPEN ?? '').trim().toLowerCase()),
    sandboxSpeed: Number.isFinite(speed) && speed > 0 ? speed : 1,
    ...(gatewayUrl && apiKey ? { gatewayUrl, apiKey } : {}),
    ...(clockFile ? { clockFile } : {})
  }
}
