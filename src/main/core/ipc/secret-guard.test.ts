import { describe, expect, it } from 'vitest'
import { SecretGuard } from './secret-guard'

describe('SecretGuard', () => {
  it('detects and scrubs registered keys', () => {
    const g = new SecretGuard()
    g.add('my-very-secret-key-1')
    expect(g.leaks('x my-very-secret-key-1 y')).toBe(true)
    expect(g.scrub('a my-very-secret-key-1 b my-very-secret-key-1')).toBe('a [key hidden] b [key hidden]')
    g.remove('my-very-secret-key-1')
    expect(g.leaks('my-very-secret-key-1')).toBe(false)
  })

  it('scrubs unknown sk- shaped keys too', () => {
    expect(new SecretGuard().scrub('token sk-abcdef0123456789xyz end')).not.toContain('0123456789xyz')
  })

  it('ignores keys too short to track', () => {
    const g = new SecretGuard()
    g.add('abc')
    expect(g.leaks('abcabc')).toBe(false)
  })
})
