/**
 * The domain's rule problems as the forms show them, at their field (so they need not name it).
 * Keys: src/shared/domain/rule-problems.ts; the host's own English is rule-english.ts there.
 */
import type { RuleKey } from '@shared/domain/rule-problems'

export const rulesEn = {
  required: 'Required.',
  tooLong: 'At most {{max, number}} characters.',
  tooShort: 'At least {{min, number}} characters.',
  tooMany: 'At most {{max, number}}.',
  tooFew: 'At least {{min, number}}.',
  tooBig: 'At most {{max, number}}.',
  tooSmall: 'At least {{min, number}}.',
  notWhole: 'A whole number.',
  notAllowed: 'One of {{allowed}}.',
  url: 'This is not an http(s) address.',
  format: 'Not in the expected form: {{text}}.',
  invalid: 'Not accepted: {{text}}.',
  modelRequired: 'Choose or type a model name.',
  modelName: 'A model name has no spaces or control characters.',

  promptRequired: 'Write a prompt: this family needs one.',
  promptTooLong: 'The prompt is {{length, number}} characters; at most {{max, number}}.',
  unifiedFirstPromptOrImage: 'Write a prompt, add an image, or turn on the recommended prompt.',
  unifiedFirstImages: 'At most {{max}} images: none (text), one (image) or two (first and last frame).',
  refsTooMany: 'At most {{max}} references for this model.',
  refKind: 'This model takes references of kind: {{kinds}}.',
  refUrl: 'Use an https:// address (plain http only for this computer).',
  aspectRatio: '{{model}} takes the aspect ratios {{allowed}}, not {{value}}.',
  videoResolution: '{{model}} allows {{allowed}}.',
  videoSize: '{{model}} allows the sizes {{allowed}}.',
  durationRange: 'A whole number of seconds from {{min}} to {{max}}.',
  payloadTooLong: 'The payload is {{length, number}} characters; at most {{max, number}}.',
  metaJson: 'This is not valid JSON: {{detail}}',
  upsampleLandscape: 'High-definition enhancement is for landscape only.',
  needsImage: 'This scenario needs a reference image.',
  needsLastFrame: 'First and last frame needs a last frame.',
  sceneMotion: 'Motion control uses the scene type motion_control.',
  secondsWhole: 'A whole number of seconds, e.g. 5.',
  sizeWxH: 'Write the size as width × height in pixels, e.g. 1280 × 720.',

  imagePromptRequired: 'Write a prompt: the gateway needs one to know what to draw.',
  promptOrReference: 'Write a prompt, or add a reference image to work from.',
  countRange: 'The count is a whole number from {{min}} to {{max}}.',
  sizeStar: 'Write the size as width × height in pixels, e.g. 2048 × 2048.',
  sizeX: 'Write the size as width × height in pixels, e.g. 1024 × 1024.',
  sizeEdit: 'Write the size as width × height in pixels (e.g. 1024 × 1024) or auto.',
  imagegenUrlOnly:
    'The first family takes http(s) addresses only; for a file or a gallery image, choose the second family.',
  httpUrl: 'This is not an http(s) address.',
  nativeUrl: 'This is not an http(s) address.',
  nativeUrlsTooMany: 'At most {{max}} reference images.',
  nativeModelMissing:
    'This profile’s names give the native task no model: type one here, or add one in Settings → Profiles → Names.',
  areaSize: 'The area must be a whole number between {{min}} and {{max}}.',
  areaRange: '{{width}}×{{height}} is {{area}} pixels; the area must be between 1024×1024 and 4096×4096.',
  bothDims: 'Give both width and height, or neither.',
  modelInFirstFamily:
    '{{model}} is a model of the first family in this profile’s names: choose that family, or change the names.',
  modelInSecondFamily:
    '{{model}} is a model of the second family in this profile’s names: choose that family, or change the names.',
  editFamilyUnknown: '{{model}} has no edit family in this profile’s names: choose one here.',
  nativeEditOnly: '{{param}} is for the native edit family only.',
  editQuality: '{{model}} takes quality {{allowed}}.',
  ratioFormat: 'A ratio looks like 16:9.',
  extendNothing: 'The picture ({{picture}}) already has this shape: choose another ratio or a larger size.',
  extendSmaller: '{{canvas}} is smaller than the picture ({{picture}}): the canvas must hold it whole.',
  extendNoSize:
    'The form family has no size close to {{canvas}} (it takes {{sizes}}): choose another ratio or the native family.',
  extendTooWide: '{{canvas}} is wider than 21:9, the widest the native family makes.',
  extendPlacement: 'The picture ({{picture}} at {{x}}, {{y}}) does not fit the {{canvas}} canvas.',
  extendTooBig: 'The extended image is {{mb}} MB, over the {{max}} MB limit for edits: choose a smaller canvas.'
} satisfies Record<RuleKey, string>
