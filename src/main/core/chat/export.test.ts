import { describe, expect, it } from 'vitest'
import type { StoredConversation } from './conversation-files'
import { exportConversation, toMarkdown } from './export'

const conv: StoredConversation = {
  id: 'c-1',
  title: 'Code: a/b "test"',
  format: 'messages',
  model: 'claude-x',
  createdAt: 1,
  updatedAt: 2,
  system: 'Be kind.',
  params: { format: 'messages', params: { max_tokens: 100 } },
  document: '',
  messages: [
    {
      id: 'u',
      role: 'user',
      parts: [
        { type: 'text', text: 'show code' },
        { type: 'image', attachment: { kind: 'url', url: 'https://x.test/a.png' } }
      ],
      createdAt: 1,
      status: 'complete'
    },
    {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'thinking', text: 'plan </details> sneaky' },
        { type: 'text', text: 'Here:\n```js\nconsole.log(1)\n```' },
        { type: 'tool_call', name: 'run', id: 't1', input: '{"cmd":"ls","x":"```"}' }
      ],
      createdAt: 2,
      status: 'incomplete',
      usage: { input: 5, output: 7, total: 12 },
      finishReason: 'max_tokens',
      error: { code: 'STREAM_INCOMPLETE', message: 'cut short', retryable: true }
    }
  ]
}

describe('export', () => {
  it('Markdown: a heading per turn, code kept verbatim, thinking folded, tool JSON fenced safely, usage and status', () => {
    const md = toMarkdown(conv, new Date(0))
    expect(md).toContain('# Code: a/b "test"\n')
    expect(md).toContain('## System\n\nBe kind.')
    expect(md).toContain('## User (1)\n\nshow code\n\n![image](https://x.test/a.png)')
    expect(md).toContain('<details>\n<summary>Thinking</summary>\n\nplan &lt;/details&gt; sneaky\n\n</details>')
    expect(md).toContain('Here:\n```js\nconsole.log(1)\n```')
    expect(md).toContain('**Tool call** `run` (t1)\n\n````json\n{\n  "cmd": "ls",\n  "x": "```"\n}\n````')
    expect(md).toContain('*Finish: max_tokens · Tokens: 5 in / 7 out / 12 total · Status: incomplete (cut short)*')
  })

  it('JSON: the whole conversation, and safe file names', () => {
    const json = exportConversation(conv, 'json', new Date(0))
    expect(json.fileName).toBe('Code-a-b-test.json')
    expect(JSON.parse(json.content)).toMatchObject({
      kind: 'generation-studio.conversation',
      version: 1,
      conversation: { id: 'c-1', messages: conv.messages }
    })
    expect(exportConversation({ ...conv, title: '///' }, 'markdown').fileName).toBe('conversation.md')
  })
})
