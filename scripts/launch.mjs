// `npm start` (after the build): Electron when it can run, else the browser host. See launcher.mjs.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runLauncher } from './launcher.mjs'

const root = dirname(dirname(fileURLToPath(import.meta.url)))

const result = await runLauncher({
  env: process.env,
  electronDir: join(root, 'node_modules', 'electron'),
  appDir: root,
  hostEntry: join(root, 'out', 'main', 'host.js')
})

if (result.signal) {
  // Die of the same signal the child died of, so our parent sees what really happened.
  process.kill(process.pid, result.signal)
} else {
  process.exit(result.code)
}
