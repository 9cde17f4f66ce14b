import { spawn } from 'node:child_process'

export interface TimedRun {
  /** Wall time from spawn to exit, ms. */
  ms: number
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs a process to completion and times it from spawn to exit. Killed after `timeoutMs`, so a
 * start-up that hangs is a failed sample, never a hung suite.
 */
export function timedRun(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {}
): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint()
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 30_000)
    child.once('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, code, stdout, stderr })
    })
  })
}
