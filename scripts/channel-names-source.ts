/**
 * The text of src/shared/channel-names.ts, made from the contract's tables: the zod-free name lists
 * are generated, never kept by hand, so a channel added to the contract cannot be missing from the
 * Electron start path or the renderer client.
 */
export const CHANNEL_NAMES_FILE = 'src/shared/channel-names.ts'

const HEADER = `/**
 * GENERATED from src/shared/contract.ts by scripts/gen-channel-names.ts: do not edit, run
 * \`npm run gen:channels\` after changing the contract (scripts/channel-names.test.ts fails until then).
 *
 * The invoke and upload channel NAMES without their schemas (no zod), for code on the Electron
 * start path that only registers handlers (electron/ipc.ts, electron/upload-ipc.ts) and for the
 * renderer's client (lib/studio.ts): importing contract.ts there would load zod and every schema
 * before the window opens (T2) or before the page is interactive (T1).
 * Keep this file free of imports.
 */
`

/** Laid out as the formatter lays it out (one line when it fits in 120 columns), so the check passes on it. */
function list(name: string, names: readonly string[]): string {
  const oneLine = `export const ${name} = [${names.map((n) => `'${n}'`).join(', ')}] as const`
  if (oneLine.length <= 120) return `${oneLine}\n`
  return `export const ${name} = [\n${names.map((n) => `  '${n}'`).join(',\n')}\n] as const\n`
}

const TYPES = `export type InvokeChannelName = (typeof INVOKE_CHANNEL_NAMES)[number]
export type UploadChannelName = (typeof UPLOAD_CHANNEL_NAMES)[number]
export type EventNameFromList = (typeof EVENT_NAMES_LIST)[number]
`

export function channelNamesSource(tables: { invokes: object; uploads: object; events: object }): string {
  const lists = [
    list('INVOKE_CHANNEL_NAMES', Object.keys(tables.invokes)),
    list('UPLOAD_CHANNEL_NAMES', Object.keys(tables.uploads)),
    list('EVENT_NAMES_LIST', Object.keys(tables.events)),
    TYPES
  ]
  return HEADER + lists.join('\n')
}
