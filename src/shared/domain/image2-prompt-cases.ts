/**
 * One table for the second image family's prompt rule, run by the form's tests and the host's:
 * the prompt is required for text-to-image only, so with a reference image it may be empty.
 */
export interface Image2PromptCase {
  name: string
  prompt: string
  /** Reference image URLs sent as `image`. */
  refs: string[]
  /** Whether the prompt is acceptable. */
  ok: boolean
}

export const IMAGE2_PROMPT_CASES: readonly Image2PromptCase[] = [
  { name: 'text-to-image without a prompt', prompt: '', refs: [], ok: false },
  { name: 'text-to-image with a blank prompt', prompt: '   ', refs: [], ok: false },
  { name: 'text-to-image with a prompt', prompt: 'a calm lake', refs: [], ok: true },
  { name: 'a reference image without a prompt', prompt: '', refs: ['https://cdn.example.com/ref.png'], ok: true },
  { name: 'a reference image with a blank prompt', prompt: '  ', refs: ['https://cdn.example.com/ref.png'], ok: true },
  {
    name: 'two reference images without a prompt',
    prompt: '',
    refs: ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png'],
    ok: true
  },
  {
    name: 'a reference image with a prompt',
    prompt: 'make it dusk',
    refs: ['https://cdn.example.com/ref.png'],
    ok: true
  }
]
