import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..', '..')

/** Runs `child` (a script that opens the stores of `dataDir`) in its own process; SIGKILLs it after `killAfterMs`. */
export function runChild(child: string, dataDir: string, killAfterMs: number): Promise<'killed' | 'finished'> {
  return new Promise((done, fail) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, dataDir], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json') },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let err = ''
    proc.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    const timer = setTimeout(() => proc.kill('SIGKILL'), killAfterMs)
    proc.on('exit', (code, signal) => {
      clearTimeout(timer)
      if (signal === 'SIGKILL') done('killed')
      else if (code === 0) done('finished')
      else fail(new Error(`child exited ${code}: ${err}`))
    })
  })
}

/**
 * Starts `child` on one copy of the legacy data again and again, each killed at a random moment inside
 * the time a whole start takes, until one start finishes. Returns that copy and the outcomes; a caller
 * expects `outcomes[0]` to be 'killed'. `fresh` makes a new copy of the legacy data and returns its data dir.
 */
export async function killDuringImport(
  child: string,
  fresh: () => string
): Promise<{ dataDir: string; outcomes: string[]; measured: 'finished' | 'killed' }> {
  // How long a whole start with this import takes on this machine now; the kills land inside it.
  const t0 = Date.now()
  const measured = await runChild(child, fresh(), 60_000)
  let whole = Date.now() - t0
  let dataDir = fresh()
  let outcomes: string[] = []
  // A busy machine can make one start faster than the measured one: then the first child finishes
  // before its kill, and the round is done again on a fresh copy with an earlier window.
  for (let round = 0; round < 6; round++) {
    outcomes = []
    for (let i = 0; i < 8 && outcomes.at(-1) !== 'finished'; i++)
      outcomes.push(await runChild(child, dataDir, Math.round(whole * (0.2 + 0.6 * Math.random()))))
    if (outcomes[0] === 'killed') break
    whole *= 0.6
    dataDir = fresh()
  }
  return { dataDir, outcomes, measured }
}
