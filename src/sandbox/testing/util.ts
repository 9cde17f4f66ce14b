import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll } from 'vitest'
import { startSandbox } from '../index.js'
import type { SandboxHandle, SandboxOptions } from '../types.js'

/** One sandbox per test file, closed when the file is done. Speed is high so tasks finish in ms. */
export async function sandboxForFile(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const sb = await startSandbox({ speed: 1000, seed: 42, quiet: true, ...opts })
  afterAll(() => sb.close())
  return sb
}

/** Answers under test are untyped JSON, checked field by field at runtime. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one escape hatch for test JSON
export type Json = any

export interface Got {
  status: number
  headers: Headers
  text: string
  json: Json
}

export async function call(
  sb: { url: string },
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown; raw?: RequestInit['body'] } = {}
): Promise<Got> {
  const headers: Record<string, string> = { ...init.headers }
  let body: RequestInit['body'] = init.raw
  if (init.body !== undefined) {
    body = JSON.stringify(init.body)
    headers['content-type'] ??= 'application/json'
  }
  const res = await fetch(sb.url + path, { method, headers, body, redirect: 'manual' })
  const text = await res.text()
  let json: Json
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: res.status, headers: res.headers, text, json }
}

export function bearer(key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${key}`, ...extra }
}

/** Asserts the exact key set of an object, so an extra or missing field fails the test. */
export function keysOf(o: unknown): string[] {
  return Object.keys(o as object).sort()
}

export interface SseEvent {
  event?: string
  data: string
}

/** Reads a whole SSE response with a real parser; `json` is each data line parsed (or undefined). */
export async function readSse(res: Response): Promise<{ events: SseEvent[]; raw: string }> {
  const { createParser } = await import('eventsource-parser')
  const events: SseEvent[] = []
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event, data: e.data }) })
  const raw = await res.text()
  parser.feed(raw)
  return { events, raw }
}

export async function stream(
  sb: { url: string },
  path: string,
  body: unknown,
  headers: Record<string, string>
): Promise<{ res: Response; events: SseEvent[]; raw: string }> {
  const res = await fetch(sb.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body)
  })
  const { events, raw } = await readSse(res)
  return { res, events, raw }
}

export function datas(events: SseEvent[]): Json[] {
  return events.map((e) => {
    try {
      return JSON.parse(e.data)
    } catch {
      return e.data
    }
  })
}

export type CliChild = ChildProcessByStdio<null, Readable, Readable>

/** The sandbox's command line run as a user runs it (from the repo root, through tsx). */
export function runCli(args: string[]): CliChild {
  return spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], {
    cwd: resolve(import.meta.dirname, '../../..'),
    stdio: ['ignore', 'pipe', 'pipe']
  })
}

/** Everything the command printed up to its first line end; refused when it exits first. */
export async function firstOutput(child: CliChild): Promise<string> {
  let out = ''
  child.stdout.setEncoding('utf8')
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (c: string) => {
      out += c
      if (out.includes('\n')) done()
    })
    child.once('exit', () => fail(new Error(`exited early: ${out}`)))
  })
  return out
}

/** Stops the command as a terminal would and gives its exit code. */
export async function stopCli(child: CliChild): Promise<number | null> {
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const [code] = (await exited) as [number | null]
  return code
}
