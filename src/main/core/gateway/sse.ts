import { createParser, type EventSourceParser, type ParseError } from 'eventsource-parser'
import { StudioError } from '@shared/errors'

/** Past this, one event (or one unterminated line) is treated as a broken stream, not buffered further. */
export const SSE_MAX_BUFFER_CHARS = 4 * 1024 * 1024

export type SseItem =
  | { kind: 'event'; event?: string; data: string }
  /**
   * A line that is not SSE at all. The gateway appends its error body as a bare JSON line to a
   * stream that already started with 200 (GATEWAY.md §1b), and a spec parser silently drops it.
   */
  | { kind: 'bare'; line: string }

/**
 * Gateway stream bytes -> SSE items. One streaming TextDecoder, so a character split across chunks
 * (CJK, emoji) is never mangled; eventsource-parser for the framing, so CRLF, extra blank lines and
 * `: PING` comments are handled by the spec's rules rather than by hand.
 */
export class SseReader {
  private readonly text = new TextDecoder('utf-8')
  private readonly parser: EventSourceParser
  private failure: StudioError | null = null
  private endsInCr = false

  constructor(
    private readonly onItem: (item: SseItem) => void,
    private readonly maxBufferChars = SSE_MAX_BUFFER_CHARS
  ) {
    this.parser = createParser({
      maxBufferSize: maxBufferChars,
      onEvent: (e) => this.onItem({ kind: 'event', ...(e.event ? { event: e.event } : {}), data: e.data }),
      onError: (e) => this.onParseError(e)
    })
  }

  /** Feeds bytes; throws the StudioError that ends the stream (oversized event, or an item handler's error). */
  push(bytes: Uint8Array): void {
    this.check()
    const s = this.text.decode(bytes, { stream: true })
    if (s !== '') {
      this.endsInCr = s.endsWith('\r')
      this.parser.feed(s)
    }
    this.check()
  }

  /** End of body: flushes the decoder and reads an unterminated last line (a bare error line often has none). */
  end(): void {
    this.check()
    const rest = this.text.decode()
    if (rest !== '') {
      this.endsInCr = rest.endsWith('\r')
      this.parser.feed(rest)
    }
    // The parser holds a final CR back in case an LF follows; at EOF it is a line end of its own.
    if (this.endsInCr) this.parser.feed('\n')
    this.check()
    this.parser.reset({ consume: true })
    this.check()
  }

  private check(): void {
    if (this.failure) throw this.failure
  }

  private onParseError(e: ParseError): void {
    if (e.type === 'max-buffer-size-exceeded') {
      const mb = Math.round(this.maxBufferChars / (1024 * 1024))
      this.failure = new StudioError(
        'GATEWAY_ERROR',
        `The gateway sent one stream event larger than ${mb} MB; the stream was stopped to protect the app.`,
        {
          details: { reason: 'sse_buffer_exceeded', limitChars: this.maxBufferChars }
        }
      )
      return
    }
    // Unknown fields are how a spec parser sees a line without `data:`; only JSON-looking ones matter.
    const line = e.line?.trim()
    if (e.type === 'unknown-field' && line && (line.startsWith('{') || line.startsWith('[')))
      this.onItem({ kind: 'bare', line })
  }
}
