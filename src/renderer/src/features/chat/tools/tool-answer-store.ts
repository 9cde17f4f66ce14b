/**
 * What the user typed into each tool call's result editor, keyed by answer and part. Kept outside
 * the cards so a result survives the card scrolling out of the windowed list and back.
 */
import { create } from 'zustand'

export interface ResultDraft {
  text: string
  /** Send the text as a plain string instead of JSON. */
  plain: boolean
}

export type ResultProblem = { code: 'empty' } | { code: 'json'; detail: string }

interface ToolAnswerState {
  drafts: Record<string, ResultDraft>
  problems: Record<string, ResultProblem>
  edit: (key: string, patch: Partial<ResultDraft>) => void
  setProblems: (answerId: string, problems: Record<string, ResultProblem>) => void
  clear: (answerId: string) => void
}

export const draftKey = (answerId: string, part: number): string => `${answerId}#${part}`
const EMPTY: ResultDraft = { text: '', plain: false }
const ofAnswer = (answerId: string, key: string) => key.startsWith(`${answerId}#`)

function without<T>(record: Record<string, T>, answerId: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => !ofAnswer(answerId, k)))
}

export const useToolAnswerStore = create<ToolAnswerState>()((set) => ({
  drafts: {},
  problems: {},
  edit: (key, patch) =>
    set((s) => {
      const { [key]: _fixed, ...problems } = s.problems
      return { drafts: { ...s.drafts, [key]: { ...(s.drafts[key] ?? EMPTY), ...patch } }, problems }
    }),
  setProblems: (answerId, problems) => set((s) => ({ problems: { ...without(s.problems, answerId), ...problems } })),
  clear: (answerId) => set((s) => ({ drafts: without(s.drafts, answerId), problems: without(s.problems, answerId) }))
}))

export function useResultDraft(key: string): ResultDraft {
  return useToolAnswerStore((s) => s.drafts[key] ?? EMPTY)
}

export function useResultProblem(key: string): ResultProblem | undefined {
  return useToolAnswerStore((s) => s.problems[key])
}

/** For tests. */
export function resetToolAnswers(): void {
  useToolAnswerStore.setState({ drafts: {}, problems: {} })
}

/** A result as the host will take it: empty is refused, JSON must parse unless sent as plain text. */
export function checkResult(draft: ResultDraft): ResultProblem | null {
  if (draft.plain) return null
  if (draft.text.trim() === '') return { code: 'empty' }
  try {
    JSON.parse(draft.text)
    return null
  } catch (e) {
    return { code: 'json', detail: e instanceof Error ? e.message : String(e) }
  }
}
