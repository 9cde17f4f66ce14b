// Child of bench row G3: starts the host core (sandbox off) on the data dir in argv[2] and prints
// `BENCH_G3 <ms>`: time from this process's start to the core being ready, as T2 counts a start.
import { performance } from 'node:perf_hooks'
import { noKeychain } from '../../src/main/core/profiles/secret-backend'
import { createStudioCore } from '../../src/main/core/studio-core'

const core = await createStudioCore({
  shell: 'browser',
  secrets: noKeychain,
  dataDir: process.argv[2],
  appVersion: '0.0.0',
  platform: process.platform,
  sandbox: { enabled: false }
})
const ms = performance.now()
await core.dispose()
// Timers the core leaves for its next session (balance snapshots, say) must not hold the sample.
process.stdout.write(`BENCH_G3 ${ms}\n`, () => process.exit(0))
