import { parseTagLine, PROMPT_NAME_MAX, PROMPT_TAG_MAX, PROMPT_TAGS_MAX, PROMPT_TEXT_MAX } from '@shared/domain/prompts'

export type SaveProblem = { field: 'name' | 'text' | 'tags'; key: string; values?: Record<string, string | number> }

/** The save form's checks, the same limits the host's schema holds, worded by the form before any request. */
export function saveProblems(d: { name: string; text: string; tags: string }): SaveProblem[] {
  const out: SaveProblem[] = []
  const name = d.name.trim()
  if (!name) out.push({ field: 'name', key: 'nameRequired' })
  else if (name.length > PROMPT_NAME_MAX)
    out.push({ field: 'name', key: 'nameTooLong', values: { max: PROMPT_NAME_MAX } })
  if (!d.text.trim()) out.push({ field: 'text', key: 'textRequired' })
  else if (d.text.length > PROMPT_TEXT_MAX)
    out.push({ field: 'text', key: 'textTooLong', values: { max: PROMPT_TEXT_MAX } })
  const tags = parseTagLine(d.tags)
  const long = tags.find((t) => t.length > PROMPT_TAG_MAX)
  // eslint-disable-next-line no-control-regex
  const bad = tags.find((t) => /[\u0000-\u001f\u007f]/.test(t))
  if (tags.length > PROMPT_TAGS_MAX) out.push({ field: 'tags', key: 'tooManyTags', values: { max: PROMPT_TAGS_MAX } })
  else if (long) out.push({ field: 'tags', key: 'tagTooLong', values: { tag: long, max: PROMPT_TAG_MAX } })
  else if (bad) out.push({ field: 'tags', key: 'tagBadCharacter', values: { tag: bad } })
  return out
}
