/**
 * The host's English for each rule problem. Its errors stand alone (a log line, a caller without a
 * form), so they name the model and the field where the form's texts, shown at the field, need not.
 * `{{name}}` takes a value, `{{name, number}}` groups its digits, `{{field}}` is the problem's field.
 */
import { StudioError } from '../error-core'
import type { RuleKey, RuleProblem } from './rule-problems'

const TEMPLATES: Readonly<Record<RuleKey, string>> = {
  required: '{{field}} is required',
  tooLong: '{{field}} is at most {{max, number}} characters',
  tooShort: '{{field}} is at least {{min, number}} characters',
  tooMany: '{{field}} takes at most {{max, number}} items',
  tooFew: '{{field}} takes at least {{min, number}} items',
  tooBig: '{{field}} is at most {{max, number}}',
  tooSmall: '{{field}} is at least {{min, number}}',
  notWhole: '{{field}} is a whole number',
  notAllowed: '{{field}} is one of {{allowed}}',
  url: '{{field}} is not a URL',
  format: '{{field}} {{text}}',
  invalid: '{{field}}: {{text}}',
  modelRequired: 'A model name cannot be empty',
  modelName: 'A model name has no spaces or control characters',

  promptRequired: 'A prompt is required',
  promptTooLong: 'The prompt is at most {{max}} characters',
  unifiedFirstPromptOrImage: 'Write a prompt, add an image, or turn on the recommended prompt',
  unifiedFirstImages: 'The first video family takes at most {{max}} images (first and last frame)',
  refsTooMany: '{{model}} takes at most {{max}} references',
  refKind: '{{model}} takes references of kind {{kinds}}, not {{kind}}',
  refUrl: 'must be an https:// address (plain http only for this computer)',
  aspectRatio: '{{model}} takes aspect ratios {{allowed}}, not {{value}}',
  videoResolution: '{{model}} takes resolutions {{allowed}}, not {{value}}',
  videoSize: '{{model}} takes sizes {{allowed}}, not {{value}}',
  durationRange: '{{model}} takes {{min}} to {{max}} seconds',
  payloadTooLong: 'The payload is at most {{max, number}} characters',
  metaJson: 'meta_data must be a JSON string ({{detail}})',
  upsampleLandscape: 'High-definition enhancement is for landscape videos only',
  needsImage: 'This scenario needs a reference image',
  needsLastFrame: 'First and last frame needs a last frame',
  sceneMotion: 'Motion control uses scene_type motion_control',
  secondsWhole: 'is a whole number of seconds, e.g. "5"',
  sizeWxH: 'is <width>x<height>, e.g. 1280x720',

  imagePromptRequired: 'Write a prompt: the gateway needs one to know what to draw.',
  promptOrReference: 'Write a prompt: without a reference image the gateway needs one to know what to draw.',
  countRange: 'The count n is a whole number from {{min}} to {{max}}.',
  sizeStar: 'For the first image family the size is <width>*<height>, e.g. 2048*2048.',
  sizeX: 'For the second image family the size is <width>x<height>, e.g. 1024x1024.',
  sizeEdit: 'The edit size is <width>x<height>, e.g. 1024x1024.',
  imagegenUrlOnly:
    'The first image family takes reference images as http(s) URLs only. To use a local file or a gallery image, choose a model of the second family.',
  httpUrl: 'A reference URL must be an http(s) address.',
  nativeUrl: 'Reference images for the native task must be http(s) URLs.',
  nativeUrlsTooMany: 'At most {{max}} reference image URLs.',
  nativeModelMissing:
    "This profile's names give the native image task no model. Name one in the form, or add one in Settings → Profiles → Names.",
  areaSize: 'The area must be between 1024x1024 ({{min}}) and 4096x4096 ({{max}}) pixels; got {{size}}.',
  areaRange: '{{width}}x{{height}} is {{area}} pixels; the native task needs an area between 1024x1024 and 4096x4096.',
  bothDims: 'Give both width and height, or neither.',
  modelInFirstFamily:
    "{{model}} is a model of the first image family in this profile's names, not of the second. Choose that family, or change the names in Settings → Profiles → Names.",
  modelInSecondFamily:
    "{{model}} is a model of the second image family in this profile's names, not of the first. Choose that family, or change the names in Settings → Profiles → Names.",
  editFamilyUnknown:
    "{{model}} is not assigned to an edit family in this profile's names. Choose the edit family in the form, or assign the model in Settings → Profiles → Names.",
  nativeEditOnly: '{{param}} applies to the native edit family only, not to {{model}}.',
  editQuality: '{{model}} takes quality {{allowed}}.',
  ratioFormat: 'A ratio looks like 16:9.',
  extendNothing:
    'The picture ({{picture}}) already has this shape: there is no new area to fill. Choose another ratio or a larger size.',
  extendSmaller:
    'A canvas of {{canvas}} is smaller than the picture ({{picture}}); an extended canvas must hold the whole picture.',
  extendNoSize:
    'The form edit family has no size close to {{canvas}}; it takes {{sizes}}. Choose another ratio, or the native family.',
  extendTooWide: 'A {{canvas}} canvas is wider than 21:9, the widest shape the native edit family makes.',
  extendPlacement:
    'The extended canvas {{canvas}} cannot hold a {{picture}} picture at {{x}}, {{y}} (it must fit inside, keep the picture’s shape and leave new area).',
  extendTooBig: 'The extended image is {{mb}} MB, over the {{max}} MB an edit image may be. Choose a smaller canvas.'
}

/** The problem in the host's English. */
export function ruleEnglish(p: RuleProblem): string {
  const values: Readonly<Record<string, string | number>> = { ...p.values, field: p.field }
  return TEMPLATES[p.key].replace(/\{\{(\w+)(, number)?\}\}/g, (_, name: string, number?: string) => {
    const v = values[name]
    if (v === undefined) return ''
    return number && typeof v === 'number' ? v.toLocaleString('en-US') : String(v)
  })
}

/**
 * The host's refusal of a request: INVALID_INPUT at the field, in English, with the key and values
 * in its details so a form can show it in the user's language.
 */
export function ruleError(p: RuleProblem, opts: { prefixField?: boolean } = {}): StudioError {
  const text = ruleEnglish(p)
  return new StudioError('INVALID_INPUT', opts.prefixField ? `${p.field}: ${text}` : text, {
    field: p.field,
    details: { rule: p.key, ...(p.values ? { values: { ...p.values } } : {}) }
  })
}
