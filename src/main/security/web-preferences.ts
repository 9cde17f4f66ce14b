import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron'

/**
 * The one set of web preferences every studio window uses (SECURITY.md A2-A11, A21). This file
 * is the only place a `webPreferences` literal may appear (lint enforces it); the object is frozen so
 * no caller can loosen it after the fact.
 */
export const HARDENED_WEB_PREFERENCES = Object.freeze({
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  webviewTag: false,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  // Middle-click would open links in new windows without going through setWindowOpenHandler's intent.
  disableBlinkFeatures: 'Auxclick',
  spellcheck: false
} as const satisfies WebPreferences)

export interface HardenedPreferencesOptions {
  /** Absolute path of the single-file CJS preload. */
  preload: string
  /** DevTools only in an unpackaged build (A21). */
  isPackaged: boolean
}

export function hardenedWebPreferences({ preload, isPackaged }: HardenedPreferencesOptions): Readonly<WebPreferences> {
  return Object.freeze({ ...HARDENED_WEB_PREFERENCES, preload, devTools: !isPackaged })
}

/** Window options with the hardened preferences attached, so callers never write `webPreferences` themselves. */
export function hardenedWindowOptions(
  options: Omit<BrowserWindowConstructorOptions, 'webPreferences'>,
  prefs: HardenedPreferencesOptions
): BrowserWindowConstructorOptions {
  return { ...options, webPreferences: hardenedWebPreferences(prefs) }
}
