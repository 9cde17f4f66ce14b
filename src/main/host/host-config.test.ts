import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, defaultDataDir, readHostConfig } from './host-config'

const HOME = '/home/ana'

describe('defaultDataDir', () => {
  it('follows XDG on Linux, ignoring a relative XDG_CONFIG_HOME as the spec says', () => {
    expect(defaultDataDir({}, 'linux', HOME)).toBe('/home/ana/.config/generation-studio')
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux', HOME)).toBe('/cfg/generation-studio')
    expect(defaultDataDir({ XDG_CONFIG_HOME: 'rel/cfg' }, 'linux', HOME)).toBe('/home/ana/.config/generation-studio')
  })

  it('uses the per-user application data folders on macOS and Windows', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'darwin', HOME)).toBe(
      '/home/ana/Library/Application Support/generation-studio'
    )
    expect(defaultDataDir({ APPDATA: '/appdata' }, 'win32', HOME)).toBe(join('/appdata', 'generation-studio'))
    expect(defaultDataDir({}, 'win32', HOME)).toBe(join(HOME, 'AppData', 'Roaming', 'generation-studio'))
  })
})

describe('readHostConfig', () => {
  it('defaults: per-user data dir, a free port, open the browser, sandbox at normal speed, no env profile', () => {
    expect(readHostConfig({}, 'linux', HOME)).toEqual({
      dataDir: '/home/ana/.config/generation-studio',
      port: 0,
      open: true,
      sandboxSpeed: 1
    })
  })

  it('reads every automation variable', () => {
    const config = readHostConfig(
      {
        STUDIO_DATA_DIR: 'rel/data',
        STUDIO_PORT: '5123',
        STUDIO_OPEN: '0',
        STUDIO_SANDBOX_SPEED: '60',
        STUDIO_GATEWAY_URL: 'https://gw.example',
        STUDIO_API_KEY: 'sk-abc'
      },
      'linux',
      HOME
    )
    expect(config).toEqual({
      dataDir: resolve('rel/data'),
      port: 5123,
      open: false,
      sandboxSpeed: 60,
      gatewayUrl: 'https://gw.example',
      apiKey: 'sk-abc'
    })
  })

  it('opens the browser unless STUDIO_OPEN is 0 or false', () => {
    for (const v of ['0', 'false', 'FALSE', ' 0 '])
      expect(readHostConfig({ STUDIO_OPEN: v }, 'linux', HOME).open, v).toBe(false)
    for (const v of ['1', '', 'yes']) expect(readHostConfig({ STUDIO_OPEN: v }, 'linux', HOME).open, v).toBe(true)
  })

  it('refuses a port that is not a port', () => {
    for (const v of ['-1', '65536', '80.5', 'abc', '0x']) {
      expect(() => readHostConfig({ STUDIO_PORT: v }, 'linux', HOME), v).toThrow(ConfigError)
    }
    expect(readHostConfig({ STUDIO_PORT: '' }, 'linux', HOME).port).toBe(0)
  })

  it('wants the gateway URL and the key together, so half a profile is never silently ignored', () => {
    expect(() => readHostConfig({ STUDIO_GATEWAY_URL: 'https://gw.example' }, 'linux', HOME)).toThrow(/together/)
    expect(() => readHostConfig({ STUDIO_API_KEY: 'sk-abc' }, 'linux', HOME)).toThrow(/together/)
  })

  it('takes a clock file only as an absolute path', () => {
    expect(readHostConfig({ STUDIO_CLOCK_FILE: '/tmp/studio-clock' }, 'linux', HOME).clockFile).toBe(
      '/tmp/studio-clock'
    )
    expect(() => readHostConfig({ STUDIO_CLOCK_FILE: 'rel/clock' }, 'linux', HOME)).toThrow(
      /STUDIO_CLOCK_FILE must be an absolute path/
    )
  })

  it('falls back to speed 1 for a nonsense sandbox speed', () => {
    for (const v of ['0', '-3', 'fast'])
      expect(readHostConfig({ STUDIO_SANDBOX_SPEED: v }, 'linux', HOME).sandboxSpeed, v).toBe(1)
  })
})
