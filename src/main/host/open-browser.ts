import { spawn } from 'node:child_process'

type Env = Record<string, string | undefined>

export interface OpenCommand {
  command: string
  args: string[]
  /** cmd.exe parses its own command line; Node's quoting would break `start "" "<url>"`. */
  verbatim: boolean
}

/** How this platform opens a URL in the default browser, or null when it plainly cannot. */
export function openCommandFor(url: string, platform: string, env: Env): OpenCommand | null {
  if (platform === 'darwin') return { command: 'open', args: [url], verbatim: false }
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', `"${url}"`], verbatim: true }
  // Without a display xdg-open may start a terminal browser behind our back; better to just say so.
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null
  return { command: 'xdg-open', args: [url], verbatim: false }
}

/**
 * Opens the URL without waiting for the browser, and never fails the launch: if it cannot, the
 * user gets one stderr hint (the URL is already on stdout). The API key is not passed on.
 */
export function openInBrowser(url: string, platform = process.platform, env: Env = process.env): void {
  const hint = (why: string): void => {
    process.stderr.write(`Could not open a browser (${why}); open the "Studio ready" link by hand.\n`)
  }
  const cmd = openCommandFor(url, platform, env)
  if (!cmd) return hint('no display')
  const childEnv = { ...env }
  delete childEnv.STUDIO_API_KEY
  try {
    const child = spawn(cmd.command, cmd.args, {
      detached: true,
      stdio: 'ignore',
      env: childEnv,
      windowsVerbatimArguments: cmd.verbatim,
      windowsHide: true
    })
    child.on('error', (e) => hint(`${cmd.command}: ${e.message}`))
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) hint(`${cmd.command} exited with ${code}`)
    })
    child.unref()
  } catch (e) {
    hint(String(e))
  }
}
