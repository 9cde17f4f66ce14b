/** Writes src/shared/channel-names.ts from the contract (`npm run gen:channels`). */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { events, invokes, uploads } from '../src/shared/contract'
import { CHANNEL_NAMES_FILE, channelNamesSource } from './channel-names-source'

writeFileSync(join(import.meta.dirname, '..', CHANNEL_NAMES_FILE), channelNamesSource({ invokes, uploads, events }))
console.log(`Wrote ${CHANNEL_NAMES_FILE}`)
