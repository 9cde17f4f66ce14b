/** Results flowing between areas, and where each result came from (lineage). */
export const flowsEn = {
  lineage: {
    title: 'Lineage',
    madeFrom: 'Made from',
    madeFromThis: 'Made from this',
    none: 'Not made from another result.',
    noChildren: 'Nothing made from it yet.',
    loading: 'Reading where it came from…',
    failed: 'Its lineage could not be read: {{message}}',
    deleted: 'Deleted since',
    untitled: 'Untitled',
    show: 'Show',
    showNamed: 'Show {{kind}}: {{name}}',
    kind: { image: 'Image', video: 'Video' },
    relation: {
      'first-frame': 'first frame',
      'last-frame': 'last frame',
      reference: 'reference',
      edit: 'mask edit',
      protect: 'protected copy',
      remix: 'remix',
      frame: 'frame at {{time}} s'
    }
  },
  gallery: {
    firstFrame: 'Use as video first frame',
    lastFrame: 'Use as last frame',
    videoReference: 'Use as video reference',
    details: 'Details',
    detailsTitle: 'Image details',
    prompt: 'Prompt',
    model: 'Model',
    size: 'Size',
    created: 'Created',
    origin: 'Made by',
    close: 'Close',
    editWithMask: 'Edit with mask',
    gone: 'That image is no longer in the gallery.'
  },
  receive: {
    slot: { first: 'first frame', last: 'last frame', reference: 'reference image' },
    placed: '“{{name}}” is now the {{slot}} ({{family}}, {{model}}).',
    switched: '{{model}} cannot take a {{slot}} from the gallery; switched to {{family}} ({{suggestion}}), which can.',
    switchedFamily: 'Switched to {{family}} ({{suggestion}}), which takes a {{slot}} from the gallery.',
    noFamily: 'No video family of this profile takes a {{slot}} from the gallery.',
    full: '{{model}} takes no more reference images; remove one first.',
    needFirst: 'A video from first and last frames needs both: add a first frame too.',
    remixGone: 'That video is no longer on the board, so it cannot be remixed.'
  },
  frame: {
    extract: 'Extract frame as image',
    extracting: 'Extracting the frame…',
    extracted: 'The frame at {{time}} s is in the gallery.',
    failed: 'The frame could not be extracted: {{message}}',
    tainted: 'This video’s frames cannot be read here: it is served from another origin.',
    notLoaded: 'The video could not be loaded to read a frame.'
  },
  drop: {
    tooLarge: '“{{name}}” is {{size}}; pictures used here can be up to {{limit}}. Nothing was uploaded.',
    notImage: '“{{name}}” is not an image: its content is neither PNG, JPEG nor WebP, whatever its name says. Nothing was uploaded.',
    wrongType: '“{{name}}” is a {{type}} image; only PNG, JPEG or WebP can be used here. Nothing was uploaded.',
    damaged: '“{{name}}” starts like an image but its header is damaged or cut short. Nothing was uploaded.',
    tooManyPixels: '“{{name}}” is {{width}}×{{height}} pixels, more than the {{limit}} megapixels the studio decodes. Nothing was uploaded.',
    refused: 'This file can’t be used',
    importing: 'Importing “{{name}}”…',
    imported: '“{{name}}” is in the gallery as Imported.',
    importFailed: '“{{name}}” could not be imported: {{message}}',
    galleryHint: 'Drop pictures on the gallery to import them',
    galleryTarget: 'Gallery: drop pictures here to import them',
    offerLabel: 'Settings found in the picture',
    offer: '“{{name}}” was made in this studio ({{form}}, {{model}}). Its prompt and settings can fill that form again.',
    noModel: 'default model',
    restore: 'Restore these settings',
    dismiss: 'Dismiss',
    restored: 'Settings restored into {{form}}.',
    form: { generate: 'Generate', native: 'Native task', edit: 'Edit with mask' },
    dragItem: 'Drag onto the editor or a video reference slot'
  }
}
