import { describe, expect, it } from 'vitest'
import { openCommandFor } from './open-browser'

const URL = 'http://127.0.0.1:5000/?token=abc_-1'

describe('openCommandFor', () => {
  it('uses open on macOS and cmd start on Windows with the URL quoted for cmd', () => {
    expect(openCommandFor(URL, 'darwin', {})).toEqual({ command: 'open', args: [URL], verbatim: false })
    expect(openCommandFor(URL, 'win32', {})).toEqual({
      command: 'cmd',
      args: ['/c', 'start', '""', `"${URL}"`],
      verbatim: true
    })
  })

  it('uses xdg-open on Linux only when there is a display to open a browser on', () => {
    expect(openCommandFor(URL, 'linux', { DISPLAY: ':0' })).toEqual({
      command: 'xdg-open',
      args: [URL],
      verbatim: false
    })
    expect(openCommandFor(URL, 'linux', { WAYLAND_DISPLAY: 'wayland-0' })?.command).toBe('xdg-open')
    expect(openCommandFor(URL, 'linux', {})).toBeNull()
  })
})
