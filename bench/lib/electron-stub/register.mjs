// `node --import <this> <entry>`: records every module loaded (ESM through the hooks thread, CJS
// through Module._load) so the Electron stub can list what was loaded before the window was
// created (bench T2). Diagnostic runs only: the hooks thread costs ~100 ms, so timed runs never use it.
import { createRequire, register } from 'node:module'
import { MessageChannel } from 'node:worker_threads'

const { port1, port2 } = new MessageChannel()
// Drained synchronously (receiveMessageOnPort) when the window is created; never keeps Node alive.
port1.unref()
globalThis.__benchModulePort = port1
register('./hooks.mjs', { parentURL: import.meta.url, data: { port: port2 }, transferList: [port2] })

const Module = createRequire(import.meta.url)('node:module')
const load = Module._load
globalThis.__benchCjs = []
Module._load = function (request, parent, isMain) {
  if (!request.startsWith('node:') && !Module.isBuiltin(request)) {
    let file = request
    try {
      file = Module._resolveFilename(request, parent, isMain)
    } catch {
      // recorded by its request; Node reports the real error below
    }
    // Only first loads: later requires of a cached module load nothing.
    if (!(file in Module._cache)) globalThis.__benchCjs.push(file)
  }
  return load.apply(this, arguments)
}
