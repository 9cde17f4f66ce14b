// Module hooks for bench T2's diagnostic run (see register.mjs). Run in Node's hooks thread.
let port = null

export function initialize(data) {
  port = data.port
}

export async function load(url, context, next) {
  const result = await next(url, context)
  // Posted before the module is handed back, so it is queued before the module can run.
  if (!url.startsWith('node:')) port.postMessage(url)
  return result
}
