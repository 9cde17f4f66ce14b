import type { ChatMessage, MessagePart } from '@shared/domain/chat'
import type { StoredConversation } from './conversation-files'

export interface ExportFile {
  fileName: string
  mimeType: string
  content: string
}

function slug(title: string): string {
  const s = [...title.normalize('NFKC')]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
    .join('')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80)
  return s || 'conversation'
}

/** A fence longer than any backtick run inside, so code in the text cannot close it early. */
function fence(text: string, lang = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((r) => r.length))
  const f = '`'.repeat(longest + 1)
  return `${f}${lang}\n${text}\n${f}`
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

function partMarkdown(p: MessagePart): string {
  switch (p.type) {
    case 'text':
      return p.text
    case 'thinking':
      // <details> keeps the reasoning folded in renderers that support it; the body stays Markdown.
      return `<details>\n<summary>Thinking</summary>\n\n${p.text.replace(/<\/details>/gi, '&lt;/details&gt;')}\n\n</details>`
    case 'tool_call':
      return `**Tool call** \`${p.name}\`${p.id ? ` (${p.id})` : ''}\n\n${fence(prettyJson(p.input), 'json')}`
    case 'tool_result':
      return `**Tool result** \`${p.name}\`${p.id ? ` (${p.id})` : ''}\n\n${fence(prettyJson(p.content), 'json')}`
    case 'image':
      if (p.attachment.kind === 'url') return `![image](${p.attachment.url})`
      return `*Image attached: ${p.attachment.name} (${p.attachment.mimeType}, ${Math.max(1, Math.round(p.attachment.bytes / 1024))} KB)*`
  }
}

function footer(m: ChatMessage): string {
  const bits: string[] = []
  if (m.model) bits.push(`Model: ${m.model}`)
  if (m.finishReason) bits.push(`Finish: ${m.finishReason}`)
  const u = m.usage
  if (u && (u.input !== undefined || u.output !== undefined || u.total !== undefined)) {
    bits.push(`Tokens: ${u.input ?? '?'} in / ${u.output ?? '?'} out / ${u.total ?? '?'} total`)
  }
  if (m.status !== 'complete') bits.push(`Status: ${m.status}${m.error ? ` (${m.error.message})` : ''}`)
  if (m.safetyRatings?.length)
    bits.push(
      `Safety: ${m.safetyRatings.map((r) => `${r.category} ${r.probability}${r.blocked ? ' (blocked)' : ''}`).join(', ')}`
    )
  return bits.length ? `\n\n*${bits.join(' · ')}*` : ''
}

export function toMarkdown(c: StoredConversation, exportedAt: Date): string {
  const out: string[] = [
    `# ${c.title}`,
    `*Format: ${c.format} · Model: ${c.model} · Exported ${exportedAt.toISOString()}*`
  ]
  if (c.system.trim() !== '') out.push(`## System\n\n${c.system}`)
  if (c.format === 'completions' && c.document !== '') out.push(`## Document\n\n${fence(c.document)}`)
  c.messages.forEach((m, i) => {
    const heading = `## ${m.role === 'user' ? 'User' : 'Assistant'} (${i + 1})`
    const body = m.parts
      .map(partMarkdown)
      .filter((s) => s !== '')
      .join('\n\n')
    out.push(`${heading}\n\n${body}${footer(m)}`)
  })
  return out.join('\n\n') + '\n'
}

export function exportConversation(c: StoredConversation, as: 'markdown' | 'json', now = new Date()): ExportFile {
  const base = slug(c.title)
  if (as === 'json') {
    return {
      fileName: `${base}.json`,
      mimeType: 'application/json',
      content: JSON.stringify(
        { kind: 'generation-studio.conversation', version: 1, exportedAt: now.toISOString(), conversation: c },
        null,
        2
      )
    }
  }
  return { fileName: `${base}.md`, mimeType: 'text/markdown', content: toMarkdown(c, now) }
}
