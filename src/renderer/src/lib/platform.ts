/** Apple keyboards use Command where others use Control. */
export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false
  const uaPlatform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform
  return /mac/i.test(uaPlatform ?? navigator.platform ?? navigator.userAgent)
}

/** How a Ctrl/Cmd+key shortcut is written for this platform: "⌘1" or "Ctrl+1". */
export function shortcutLabel(key: string): string {
  return isMacPlatform() ? `⌘${key}` : `Ctrl+${key}`
}

/** The `aria-keyshortcuts` value: both modifiers work everywhere. */
export function ariaShortcut(key: string): string {
  return `Control+${key} Meta+${key}`
}
