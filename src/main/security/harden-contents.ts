import type { App, Event, WebContents } from 'electron'
import { isAllowedNavigation } from './navigation'
import { openExternalSafe } from './open-external'
import { APP_ORIGIN } from './origins'
import { installPermissionHandlers } from './permissions'

export interface HardenOptions {
  /** Origins our pages may live on (the app origin, plus the dev server in an unpackaged build). */
  trusted?: readonly string[]
  /** Where refused attempts are reported; a refusal is a sign of a compromised or buggy page. */
  log?: (line: string) => void
  /** Receives https links a page asked to open in a new window (defaults to openExternalSafe). */
  openExternal?: (url: string) => Promise<boolean> | boolean
}

const short = (url: unknown) => JSON.stringify(String(url).slice(0, 120))

/**
 * Locks down one webContents: no navigation or redirect off our origin, no new windows (https links
 * go to the system browser through the allow-listed opener), no <webview>, and deny-all permissions
 * on whatever session it uses.
 */
export function hardenWebContents(contents: WebContents, opts: HardenOptions = {}): void {
  const trusted = opts.trusted ?? [APP_ORIGIN]
  const log = opts.log ?? (() => {})
  const openExternal = opts.openExternal ?? openExternalSafe
  const guard = (kind: string) => (event: Event<{ url: string }>) => {
    if (isAllowedNavigation(event.url, trusted)) return
    event.preventDefault()
    log(`blocked ${kind} to ${short(event.url)}`)
  }
  contents.on('will-navigate', guard('navigation'))
  contents.on('will-frame-navigate', guard('frame navigation'))
  contents.on('will-redirect', guard('redirect'))
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    log('blocked a <webview>')
  })
  contents.setWindowOpenHandler(({ url }) => {
    // Never a new Electron window; the allow-listed opener decides whether the system browser gets it.
    void Promise.resolve()
      .then(() => openExternal(url))
      .then(
        (opened) => opened === false && log(`refused to open ${short(url)} outside the studio`),
        () => log(`failed to open ${short(url)} outside the studio`)
      )
    return { action: 'deny' }
  })
  installPermissionHandlers(contents.session, trusted)
}

/** Applies hardenWebContents to every webContents the app ever creates, including ones we did not ask for. */
export function installContentsHardening(app: App, opts: HardenOptions = {}): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, opts))
}
