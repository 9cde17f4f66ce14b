import type { ChatFormat } from '@shared/domain/chat'
import { completionsCodec } from './completions'
import { contentCodec } from './content'
import { generalCodec } from './general'
import { messagesCodec } from './messages'
import type { FormatCodec } from './types'

const CODECS: Record<ChatFormat, FormatCodec> = {
  chat: generalCodec,
  content: contentCodec,
  messages: messagesCodec,
  completions: completionsCodec
}

export function codecFor(format: ChatFormat): FormatCodec {
  return CODECS[format]
}

export { createDecodeState } from './types'
export type {
  BodyItem,
  BuildInput,
  DecodeState,
  FormatCodec,
  GatewayCall,
  InlineImage,
  ParsedEditors,
  StreamMeta
} from './types'
export { decodeItem } from './decode'
