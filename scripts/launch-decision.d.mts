type Env = Record<string, string | undefined>

export declare const ELECTRON_GRACE_MS: number

export declare function hostMode(
  env: Env
): { mode: 'auto' | 'browser' | 'electron'; error?: undefined } | { error: string; mode?: undefined }

export interface LaunchFs {
  exists(path: string): boolean
  readText(path: string): string | null
}

export declare function findElectronBinary(
  electronDir: string,
  env: Env,
  fs?: LaunchFs
): { ok: true; path: string } | { ok: false; reason: string }

export declare function afterElectronExit(r: {
  mode: 'auto' | 'electron'
  code: number | null
  signal: string | null
  elapsedMs: number
  forwarded: boolean
  spawnError?: string
  graceMs?: number
}): { action: 'exit'; reason?: string } | { action: 'fallback'; reason: string }

export declare function fallbackLine(reason: string, detail?: string): string

export declare function lastLine(text: string): string | undefined
