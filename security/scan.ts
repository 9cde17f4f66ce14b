import { createRequire } from 'node:module'

/** One finding as Electronegativity reports it (the fields the gate reads). */
export interface Finding {
  id: string
  file: string
  location: { line: number; column: number }
  severity: { name: 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH' }
  confidence: { name: string }
  description: string
}

export interface ScanResult {
  issues: Finding[]
  errors: Array<{ file: string; message: string; tolerable: boolean }>
}

type Runner = (options: Record<string, unknown>, forCli: boolean) => Promise<ScanResult>

const require = createRequire(import.meta.url)

/**
 * Runs Electronegativity programmatically on a directory. Its CLI exits 0 whatever it finds and only
 * filters the console table, so the gate reads the issue list itself (SECURITY.md §4.1).
 */
export async function scan(input: string): Promise<ScanResult> {
  const run = require('@doyensec/electronegativity') as Runner
  // The version is pinned so the scanner applies Electron 45's defaults instead of assuming v0.1.0.
  // AVAILABLE_SECURITY_FIXES needs the network (Electron's release list) and does nothing offline; which
  // Electron release we ship is the release job's check (SECURITY.md goal 10), so it is excluded here.
  return run(
    {
      input,
      isRelative: false,
      electronVersionOverride: '45.4.1',
      excludeFromScan: ['AvailableSecurityFixesGlobalCheck']
    },
    false
  )
}

export const BLOCKING = new Set(['MEDIUM', 'HIGH'])

export function blocking(result: ScanResult): Finding[] {
  return result.issues.filter((i) => BLOCKING.has(i.severity.name))
}

export function unparsed(result: ScanResult): ScanResult['errors'] {
  return result.errors.filter((e) => !e.tolerable)
}

/** The checks a deliberately insecure window must raise; a gate blind to any of them is broken. */
export const MUST_DETECT = [
  'CONTEXT_ISOLATION_JS_CHECK',
  'SANDBOX_JS_CHECK',
  'WEB_SECURITY_JS_CHECK',
  'LIMIT_NAVIGATION_GLOBAL_CHECK',
  'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
  'CSP_GLOBAL_CHECK'
] as const

export const MAX_WAIVERS = 3

/** `eng-disable` waivers in source text: each must carry a `SECURITY:` reason within the 4 lines above it. */
export function findWaivers(
  files: Array<{ file: string; text: string }>
): Array<{ file: string; line: number; justified: boolean }> {
  const out: Array<{ file: string; line: number; justified: boolean }> = []
  for (const { file, text } of files) {
    const lines = text.split('\n')
    lines.forEach((l, i) => {
      if (!/eng-disable\s/.test(l)) return
      const context = lines.slice(Math.max(0, i - 4), i + 1).join('\n')
      out.push({ file, line: i + 1, justified: /SECURITY:\s*\S/.test(context) })
    })
  }
  return out
}
