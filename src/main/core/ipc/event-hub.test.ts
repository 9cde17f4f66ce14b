import { describe, expect, it } from 'vitest'
import { EventHub } from './event-hub'
import { SecretGuard } from './secret-guard'

const delta = {
  streamId: 's-1',
  conversationId: 'c-1',
  messageId: 'm-1',
  seq: 0,
  ops: [{ type: 'text' as const, part: 0, append: 'Hello "quoted" 世界' }]
}

describe('EventHub', () => {
  it('hands every sink the contract-parsed payload and that payload serialized once', () => {
    const hub = new EventHub(new SecretGuard())
    const seen: Array<[string, unknown, string | undefined]> = []
    hub.addSink((...[name, payload, json]) => seen.push([name, payload, json]))
    hub.addSink((...[name, payload, json]) => seen.push([name, payload, json]))
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
    hub.addSink((...[name]) => seen.push(name))
    hub.emit('chat:stream-delta', { ...delta, ops: 'not ops' } as unknown as typeof delta)
    hub.emit('chat:stream-delta', { ...delta, ops: [{ type: 'text', part: 0, append: 'key sk-secret-abcdef123456' }] })
    expect(seen).toEqual([])
    expect(logged.join('\n')).toMatch(/outside its contract[\s\S]*contained a key/)
  })

  it("types each listener by the event map: `on` gets one event's payloads, `listen` every event, narrowed by name", () => {
    const hub = new EventHub(new SecretGuard())
    const order: string[] = []
    const streams: string[] = []
    const themes: string[] = []
    hub.addSink((...[name]) => order.push(`sink ${name}`))
    hub.on('chat:stream-delta', (d) => {
      order.push('on')
      streams.push(d.streamId)
    })
    hub.listen((...[name, payload]) => {
      order.push(`listen ${name}`)
      if (name === 'settings:changed') themes.push(payload.theme)
    })
    hub.emit('chat:stream-delta', delta)
    hub.emit('settings:changed', { theme: 'dark', language: 'en' })
    expect(streams).toEqual(['s-1'])
    expect(themes).toEqual(['dark'])
    // Sinks and listeners are called in the order they were added, one event after the other.
    expect(order).toEqual([
      'sink chat:stream-delta',
      'on',
      'listen chat:stream-delta',
      'sink settings:changed',
      'listen settings:changed'
    ])
  })
})

/**
 * Checked by the typecheck, never run: each line marked @ts-expect-error must fail to compile, or
 * the typecheck fails on the unused directive.
 */
export function listenersThatDoNotCompile(hub: EventHub): void {
  // @ts-expect-error a listener that takes the settings payload for a stream delta
  hub.on('chat:stream-delta', (settings: { theme: string; language: string }) => settings.theme)
  hub.listen((...[name, payload]) => {
    if (name === 'chat:stream-delta') {
      // @ts-expect-error a stream delta carries no theme: the name narrows the payload
      void payload.theme
    }
  })
  hub.addSink((...[name, payload]) => {
    if (name === 'settings:changed') {
      // @ts-expect-error a sink is typed as a listener is: a settings change carries no stream text
      void payload.text
    }
  })
  // @ts-expect-error a payload of another event
  hub.emit('settings:changed', delta)
}
