import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { committedJobs } from '../../src/main/core/images/testing/journal-rows'
import { openLibrary } from '../../src/main/core/store/library-db'
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index'
import { openServices } from './rig'

/**
 * Crash consistency (SECURITY.md §8.5, F14, F15, F24): a child process runs the real images
 * journal, native-task poller and result saver, and the chat conversation store, against this
 * process's loopback sandbox; it is SIGKILLed at a random moment while it submits, journals,
 * polls, downloads and checkpoints. After each kill, start-up recovery runs here on the same data
 * dir until quiet, and the §6 invariants are checked. 40 kills under CI, 200 otherwise
 * (CRASH_KILLS overrides); two children at a time, one per core.
 */

const ROOT = resolve(import.meta.dirname, '..', '..')
const KILLS = Number(process.env.CRASH_KILLS ?? (process.env.CI ? 40 : 200))
const PARALLEL = 2
const CHILD = join(ROOT, 'scripts', 'crash', 'child.ts')

interface Round {
  dataDir: string
  intents: string[]
  convs: string[]
  key: string
  killedAfterMs: number
}

let sb: SandboxHandle
const work = mkdtempSync(join(tmpdir(), 'studio-crash-'))
const figures = { kills: 0, jobs: 0, resumedToSaved: 0, outcomeUnknown: 0 }

beforeAll(async () => {
  sb = await startSandbox({ speed: 200, quiet: true })
})
afterAll(async () => {
  await sb.close()
  rmSync(work, { recursive: true, force: true })
  process.stdout.write(
    `[crash] ${figures.kills} SIGKILLs, ${figures.jobs} jobs, ${figures.resumedToSaved} resumed to saved, ${figures.outcomeUnknown} outcome-unknown\n`
  )
})

/** Starts a child on a fresh data dir and SIGKILLs it at a random moment once it is working. */
async function crashOnce(i: number, dataDir: string, key: string): Promise<Round> {
  const intentsFile = join(work, `intents-${i}.log`)
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, sb.url, key, intentsFile], {
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json'), STUDIO_RESULT_ORIGINS: sb.cdnUrl },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let err = ''
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const convs: string[] = []
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  await new Promise<void>((ready, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'ready') ready()
      const m = /^conv (\S+)$/.exec(line)
      if (m) convs.push(m[1])
    })
    void exited.then((code) => fail(new Error(`crash child exited (${code}) before it was ready:\n${err}`)))
  })
  // Anywhere from the first journal write to polling and downloads of the last submits.
  const killedAfterMs = Math.round(Math.random() * 700)
  await new Promise((r) => setTimeout(r, killedAfterMs))
  child.kill('SIGKILL')
  await exited
  if (err.includes('crash child failed')) throw new Error(err)
  figures.kills++
  const intents = existsSync(intentsFile) ? readFileSync(intentsFile, 'utf8').split('\n').filter(Boolean) : []
  return { dataDir, intents, convs, key, killedAfterMs }
}

/** The gallery as stored in the library database (read after the services let go of it). */
function galleryItems(dataDir: string): Map<string, { id: string; file: string; bytes: number }> {
  const lib = openLibrary(dataDir)
  try {
    const rows = lib.all<{ item: string }>('SELECT item FROM gallery')
    return new Map(
      rows.map((row) => JSON.parse(row.item) as { id: string; file: string; bytes: number }).map((it) => [it.id, it])
    )
  } finally {
    lib.release()
  }
}

/** Start-up recovery to quiescence, then the durability invariants of SECURITY.md §6. */
async function recoverAndCheck(r: Round): Promise<void> {
  const at = `round ${r.dataDir} (killed after ${r.killedAfterMs} ms)`
  const svc = await openServices(r.dataDir, { baseUrl: sb.url, key: r.key }, [sb.cdnUrl])
  try {
    // 4. The journal (the library database) opens intact: no damage found, nothing restored.
    expect(svc.notices.join('\n'), at).not.toMatch(/library database was damaged/)
    const deadline = Date.now() + 20_000
    await Promise.race([
      svc.images.idle(),
      new Promise((_, fail) =>
        setTimeout(() => fail(new Error(`${at}: recovery did not settle`)), deadline - Date.now())
      )
    ])
    // Chat: every conversation the child saw created is there and readable; nothing is left "streaming".
    for (const id of r.convs) {
      const c = await svc.store.get(id)
      for (const m of c.messages) expect(m.status, at).not.toBe('streaming')
    }
  } finally {
    await svc.close()
  }
  // Empty only when the kill came before the first job was recorded (then no create may exist either).
  const jobs = committedJobs(r.dataDir)
  figures.jobs += jobs.length
  // Quiescent: nothing is left half-done.
  expect(
    jobs.filter((j) => j.phase !== 'ended').map((j) => j.job),
    at
  ).toEqual([])
  // 2. Every task the gateway accepted (a task id was journaled) ends saved: its file exists, whole.
  const items = galleryItems(r.dataDir)
  for (const j of jobs.filter((x) => x.job.taskId)) {
    expect(j.job.status, `${at}: task ${j.job.taskId} ${JSON.stringify(j.job.error)}`).toBe('done')
    figures.resumedToSaved++
    for (const id of j.itemIds) {
      const item = items.get(id)!
      expect(item, at).toBeDefined()
      expect(statSync(join(r.dataDir, 'library', 'images', item.file)).size, at).toBe(item.bytes)
    }
  }
  figures.outcomeUnknown += jobs.filter((j) => j.job.status === 'outcome-unknown').length
  // 3. No partial file anywhere a result or a store lives.
  for (const dir of ['library/images', 'images', 'chat']) {
    const leftovers = readdirSync(join(r.dataDir, dir)).filter((n) => n.endsWith('.part') || n.includes('.tmp-'))
    expect(leftovers, `${at}: ${dir}`).toEqual([])
  }
  // 5. Creates the gateway saw <= submit intents; 1. each paid native create is journaled with its task id or outcome-unknown.
  const seen = sb.log().filter((e) => e.key === r.key)
  const creates = seen.filter((e) => e.route === 'image.native.submit' || e.route === 'image.generate')
  expect(creates.length, at).toBeLessThanOrEqual(r.intents.length)
  const paidNative = seen.filter((e) => e.route === 'image.native.submit' && e.paid).length
  const nativeAccounted = jobs.filter(
    (j) => j.job.kind === 'native' && (j.job.taskId || j.job.status === 'outcome-unknown')
  ).length
  expect(paidNative, at).toBeLessThanOrEqual(nativeAccounted)
  const paidGenerate = seen.filter((e) => e.route === 'image.generate' && e.paid).length
  expect(paidGenerate, at).toBeLessThanOrEqual(jobs.filter((j) => j.job.kind === 'generate').length)
}

describe('crash consistency: SIGKILL during journal writes and polling', () => {
  it(
    `${KILLS} random SIGKILLs leave the journal intact and every accepted task resumes to saved`,
    async () => {
      let next = 0
      const lane = async () => {
        // Two kills per data dir: the second child starts by recovering what the first left (so kills
        // also land during start-up recovery and resumed polling), then this process recovers both.
        while (next < KILLS) {
          const i = next
          next += 2
          const dataDir = join(work, `round-${i}`)
          const key = `sk-crash-${randomBytes(8).toString('hex')}`
          sb.addKey({ key, name: `crash ${i}`, quota: 100_000_000 })
          const first = await crashOnce(i, dataDir, key)
          const second = i + 1 < KILLS ? await crashOnce(i, dataDir, key) : first
          await recoverAndCheck({ ...second, convs: [...new Set([...first.convs, ...second.convs])] })
          rmSync(dataDir, { recursive: true, force: true })
        }
      }
      await Promise.all(Array.from({ length: PARALLEL }, lane))
      expect(figures.kills).toBe(KILLS)
      // The kills landed while there was work: tasks were resumed and saved across them.
      expect(figures.resumedToSaved).toBeGreaterThan(0)
    },
    Math.max(300_000, KILLS * 6_000)
  )
})
