/**
 * The crash-consistency child: `node --import tsx scripts/crash/child.ts <dataDir> <gatewayUrl> <key> <intentsFile>`.
 * Runs the real images host and chat service against the parent's loopback sandbox and keeps them
 * busy (native tasks polled, generate jobs saved, answers streamed with checkpoints) until the
 * parent SIGKILLs it. Each paid create is recorded as an intent (appended and fsynced) before the
 * call, so the parent can check that the gateway never saw more creates than intents.
 * stdout: `ready`, then `conv <id>` for every conversation whose creation resolved.
 */
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs'
import { openServices } from './rig'

const [dataDir, baseUrl, key, intentsFile] = process.argv.slice(2)
if (!dataDir || !baseUrl || !key || !intentsFile) {
  process.stderr.write('usage: child.ts <dataDir> <gatewayUrl> <key> <intentsFile>\n')
  process.exit(2)
}

function intent(kind: string): void {
  const fd = openSync(intentsFile, 'a', 0o600)
  writeSync(fd, `${kind}\n`)
  fsyncSync(fd)
  closeSync(fd)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function main(): Promise<void> {
  const svc = await openServices(dataDir, { baseUrl, key })
  process.stdout.write('ready\n')
  const conv = await svc.chat.createConversation({ format: 'chat', model: 'deepseek-v3' })
  process.stdout.write(`conv ${conv.id}\n`)
  for (let n = 0; n < 24; n++) {
    const kind = n % 3
    if (kind === 0) {
      intent('native')
      await svc.images.submitNative({ prompt: `crash test ${n}`, width: 1024, height: 1024 })
    } else if (kind === 1) {
      intent('generate')
      await svc.images.generate({ family: 'imagegen', model: 'imagegen-4.0', prompt: `crash test ${n}`, n: 1 })
    } else {
      await svc.chat.send({ conversationId: conv.id, text: `tell me a story ${n}` }).catch(() => {
        // CONFLICT while the previous answer still streams: the next turn tries again.
      })
    }
    await sleep(5 + Math.random() * 25)
  }
  // Done submitting: stay alive (polling, saving) until killed.
  await new Promise(() => {})
}

main().catch((e: unknown) => {
  process.stderr.write(`crash child failed: ${e instanceof Error ? e.stack : String(e)}\n`)
  process.exit(1)
})
