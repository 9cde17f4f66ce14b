/**
 * The names editor's draft, pure: what the user types (model names one per line, lists with
 * commas), turned into a names file and checked by the same parser the host uses for an import,
 * so the editor, the import and the host agree on every rule and show each problem at its field.
 */
import { MODEL_FAMILIES, type GatewayNames, type ModelFamily, type ModelRule } from '@shared/domain/gateway-names'
import { parseNamesFile, type NamesProblem } from '@shared/domain/gateway-names-schema'

export interface RuleDraft {
  model: string
  forcedSeconds: string
  durationMin: string
  durationMax: string
  durationDefault: string
  aspectRatios: string
  resolutions: string
  defaultResolution: string
  /** '' = the family's default. */
  voiceIdHasEffect: '' | 'yes' | 'no'
  qualities: string
}

export interface NamesDraft {
  models: Record<ModelFamily, string>
  rules: RuleDraft[]
  nativePath: string
  nativeSubmitAction: string
  nativeResultAction: string
  nativeVersion: string
  nativeReqKey: string
  assetPrefix: string
  messagesVersionHeader: string
  messagesVersionValue: string
}

export const EMPTY_RULE: RuleDraft = {
  model: '',
  forcedSeconds: '',
  durationMin: '',
  durationMax: '',
  durationDefault: '',
  aspectRatios: '',
  resolutions: '',
  defaultResolution: '',
  voiceIdHasEffect: '',
  qualities: ''
}

const list = (v: readonly string[] | undefined) => (v ? v.join(', ') : '')
const num = (v: number | undefined) => (v === undefined ? '' : String(v))

export function ruleToDraft(model: string, r: ModelRule): RuleDraft {
  return {
    model,
    forcedSeconds: num(r.forcedSeconds),
    durationMin: num(r.durationMin),
    durationMax: num(r.durationMax),
    durationDefault: num(r.durationDefault),
    aspectRatios: list(r.aspectRatios),
    resolutions: list(r.resolutions),
    defaultResolution: r.defaultResolution ?? '',
    voiceIdHasEffect: r.voiceIdHasEffect === undefined ? '' : r.voiceIdHasEffect ? 'yes' : 'no',
    qualities: list(r.qualities)
  }
}

export function namesToDraft(n: GatewayNames): NamesDraft {
  return {
    models: Object.fromEntries(MODEL_FAMILIES.map((f) => [f, n.models[f].join('\n')])) as Record<ModelFamily, string>,
    rules: Object.entries(n.rules).map(([model, r]) => ruleToDraft(model, r)),
    nativePath: n.nativeImage.path,
    nativeSubmitAction: n.nativeImage.submitAction,
    nativeResultAction: n.nativeImage.resultAction,
    nativeVersion: n.nativeImage.version,
    nativeReqKey: n.nativeImage.reqKey,
    assetPrefix: n.assetPrefix,
    messagesVersionHeader: n.messagesVersionHeader,
    messagesVersionValue: n.messagesVersionValue
  }
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
const items = (text: string) => (text.trim() === '' ? undefined : lines(text))
/** A number as typed; text that is not a number stays text, so the parser names the field. */
const numberOr = (text: string): unknown =>
  text.trim() === '' ? undefined : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text.trim()

function ruleFromDraft(r: RuleDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {
    forcedSeconds: numberOr(r.forcedSeconds),
    durationMin: numberOr(r.durationMin),
    durationMax: numberOr(r.durationMax),
    durationDefault: numberOr(r.durationDefault),
    aspectRatios: items(r.aspectRatios),
    resolutions: items(r.resolutions),
    defaultResolution: r.defaultResolution.trim() || undefined,
    voiceIdHasEffect: r.voiceIdHasEffect === '' ? undefined : r.voiceIdHasEffect === 'yes',
    qualities: items(r.qualities)
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined))
}

/** The draft as a names file (what Export writes and Import reads). */
export function draftToFile(d: NamesDraft): Record<string, unknown> {
  const rules: Record<string, unknown> = {}
  for (const r of d.rules) if (r.model.trim() !== '') rules[r.model.trim()] = ruleFromDraft(r)
  return {
    version: 1,
    models: Object.fromEntries(MODEL_FAMILIES.map((f) => [f, lines(d.models[f])])),
    rules,
    nativeImage: {
      path: d.nativePath.trim(),
      submitAction: d.nativeSubmitAction.trim(),
      resultAction: d.nativeResultAction.trim(),
      version: d.nativeVersion.trim(),
      reqKey: d.nativeReqKey.trim()
    },
    assetPrefix: d.assetPrefix.trim(),
    messagesVersionHeader: d.messagesVersionHeader.trim(),
    messagesVersionValue: d.messagesVersionValue.trim()
  }
}

export type DraftCheck = { ok: true; names: GatewayNames } | { ok: false; problems: NamesProblem[] }

/** Checks the draft with the import parser (the host's own rules); a rule row without a model is a problem too. */
export function checkDraft(d: NamesDraft): DraftCheck {
  const unnamed = d.rules.findIndex(
    (r) => r.model.trim() === '' && JSON.stringify({ ...r, model: '' }) !== JSON.stringify(EMPTY_RULE)
  )
  const parsed = parseNamesFile(JSON.stringify(draftToFile(d)))
  const problems = parsed.ok ? [] : [...parsed.problems]
  if (unnamed >= 0)
    problems.unshift({ field: `rules.${unnamed}`, message: 'A rule needs the model name it applies to' })
  return problems.length > 0 || !parsed.ok ? { ok: false, problems } : { ok: true, names: parsed.names }
}

/** Where a problem of the file is shown in the editor: a family's box, a rule row, or a single field. */
export function problemField(problem: NamesProblem): string {
  const [head, second] = problem.field.split('.')
  if (head === 'models' && second) return `models.${second}`
  if (head === 'rules' && second) return `rules.${second}`
  if (head === 'nativeImage' && second) return `nativeImage.${second}`
  return head ?? ''
}

/** The names an unassigned discovered model can be added to, one action each. */
export function assignModel(d: NamesDraft, family: ModelFamily, model: string): NamesDraft {
  if (lines(d.models[family]).includes(model)) return d
  const current = d.models[family].trim()
  return { ...d, models: { ...d.models, [family]: current === '' ? model : `${current}\n${model}` } }
}

/** The families a draft assigns a name to (for the discovery list). */
export function draftFamiliesOf(d: NamesDraft, model: string): ModelFamily[] {
  return MODEL_FAMILIES.filter((f) => lines(d.models[f]).includes(model))
}
