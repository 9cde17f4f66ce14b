/**
 * Imported first by the Electron entry (src/main/index.ts): the key leaves process.env when this
 * module is evaluated, before the entry's other modules and its main() run (env-key.ts says which
 * processes that protects and which it cannot).
 */
import { readFileSync } from 'node:fs'
import { takeApiKey } from './env-key'

export const envApiKey: string | undefined = takeApiKey(process.env, () => readFileSync(0, 'utf8'))
