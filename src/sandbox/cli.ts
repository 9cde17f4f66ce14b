import { parseArgs } from 'node:util'
import { startSandbox } from './index.js'

/** `npm run sandbox -- --port N --speed S [--seed X] [--key K] [--naming standin|alt]`: prints one line, serves until stopped. */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    speed: { type: 'string', default: '1' },
    seed: { type: 'string' },
    key: { type: 'string' },
    naming: { type: 'string', default: 'standin' }
  },
  allowPositionals: false
})

function num(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined
  const n = Number(v)
  if (!Number.isFinite(n) || n < 0) {
    process.stderr.write(`sandbox: --${name} must be a non-negative number\n`)
    process.exit(2)
  }
  return n
}

if (values.naming !== 'standin' && values.naming !== 'alt') {
  process.stderr.write(`sandbox: --naming must be standin or alt, not ${values.naming}\n`)
  process.exit(2)
}

const handle = await startSandbox({
  port: num('port', values.port),
  speed: num('speed', values.speed) || 1,
  seed: num('seed', values.seed),
  keys: values.key ? [{ key: values.key, name: 'sandbox' }] : undefined,
  naming: values.naming,
  quiet: true
})
// The default line stays as it always was; another naming says so, since every model name differs.
const naming = handle.naming.id === 'standin' ? '' : ` naming: ${handle.naming.id}`
process.stdout.write(`Sandbox gateway: ${handle.url} key: ${handle.key}${naming}\n`)

let stopping = false
const shutdown = () => {
  if (stopping) return
  stopping = true
  void handle.close().then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
