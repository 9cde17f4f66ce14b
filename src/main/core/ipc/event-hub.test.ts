import { describe, expect, it } from 'vitest'
import { EventHub } from './event-hub'
import { SecretGuard } from './secret-guard'

const delta = { streamId: 's-1', conversationId: 'c-1', messageId: 'm-1', seq: 0, ops: [{ type: 'text' as const, part: 0, append: 'Hello "quoted" 世界' }] }

describe('EventHub', () => {
  it('hands every sink the contract-parsed payload and that payload serialized once', () => {
    const hub = new EventHub(new SecretGuard())
    const seen: Array<[string, unknown, string | undefined]> = []
    hub.addSink((name, payload, json) => seen.push([name, payload, json]))
    hub.addSink((name, payload, json) => seen.push([name, payload, json]))
    hub.emit('chat:stream-delta', { ...delta, unknownField: 1 } as typeof delta)
    expect(seen).toHaveLength(2)
    const [name, payload, json] = seen[0]
    expect(name).toBe('chat:stream-delta')
    // Unknown fields are stripped by the contract, in the object and in its text alike.
    expect(payload).toEqual(delta)
    expect(JSON.parse(json!)).toEqual(delta)
    expect(seen[1][2]).toBe(json)
  })

  it('drops a payload outside its contract or carrying a key, before any sink sees it', () => {
    const guard = new SecretGuard()
    guard.add('sk-secret-abcdef123456')
    const logged: string[] = []
    const hub = new EventHub(guard, (l) => logged.push(l))
    const seen: string[] = []
    hub.addSink((name) => seen.push(name))
    hub.emit('chat:stream-delta', { ...delta, ops: 'not ops' } as unknown as typeof delta)
    hub.emit('chat:stream-delta', { ...delta, ops: [{ type: 'text', part: 0, append: 'key sk-secret-abcdef123456' }] })
    expect(seen).toEqual([])
    expect(logged.join('\n')).toMatch(/outside its contract[\s\S]*contained a key/)
  })
})
