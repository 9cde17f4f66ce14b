/**
 * English messages: the source of truth for message keys, with the areas' own in areas.en.ts
 * (`AllMessages`). `zh.ts` must have the same shape (enforced by its type), and `t()` only accepts
 * keys that exist in one of the two. This part is on the start path; the areas' part is loaded with
 * the first lazy view (area-strings.ts), so the start chunk does not carry strings no start screen shows (T1).
 */
import type { AreaMessages } from './areas.en'
import { balanceEn } from './balance.en'
import { chatEn } from './chat.en'
import { promptsEn } from './prompts.en'
import { videoEn } from './video.en'

export const en = {
  app: {
    title: 'Generation Studio',
    skipToContent: 'Skip to content',
    loading: 'Loading…',
    noticesTitle: 'The studio repaired saved data at start',
    noticesDismiss: 'Dismiss'
  },
  actions: {
    more: 'More actions',
    request: 'Request',
    requestHelp: 'Exactly what will be sent to the gateway: method, route and body fields (empty fields are left out).',
    submitKey: '{{action}} ({{keys}})'
  },
  nav: {
    label: 'Main',
    chat: 'Chat',
    images: 'Images',
    video: 'Video',
    balance: 'Balance',
    settings: 'Settings',
    prompts: 'Prompts',
    shortcut: 'Shortcut: {{keys}}',
    open: 'Open {{name}} ({{keys}})',
    leaveEditor: {
      title: 'Leave the editor?',
      body: 'The mask you painted has not been sent. Going to {{area}} discards it.',
      stay: 'Stay in the editor',
      leave: 'Discard the mask and leave'
    }
  },
  empty: {
    comingLater: 'Coming in a later release',
    chat: 'Chat with every model on your gateway: streamed replies in all three text formats, legacy completions for continuing text, and conversations kept on this computer.',
    images:
      'Generate images and edit them with a mask painter that exports exactly the mask the gateway expects, at the size of the source image.',
    video:
      'Create video jobs for every model family, follow them on a board that survives restarts, and download the results before they expire.',
    balance:
      'See what your key has been granted, used and has left, its expiry and per-model limits, with trends drawn from local snapshots.',
    meanwhile: 'Meanwhile you can set up your gateway profiles in Settings.'
  },
  header: {
    activeProfile: 'Active profile',
    synthetic: 'Synthetic',
    syntheticHint: 'Results from the built-in Sandbox are generated locally and are not real model output.',
    switchFailed: 'Could not switch the profile'
  },
  balance: balanceEn,
  prompts: promptsEn,
  settings: {
    profilesHeading: 'Profiles',
    profilesIntro:
      'A profile is a gateway address and its API key. The key stays in the studio host; this window only sees whether one is saved and its last four characters.',
    queueHeading: 'Queue',
    queue: {
      intro:
        'Jobs you add to the queue are sent a few at a time, so a batch never becomes many paid creates at once. These caps apply to the active profile.',
      imageCap: 'Image jobs at a time',
      videoCap: 'Videos at a time',
      capHelp: 'From 1 to 32.',
      save: 'Save queue caps',
      saved: 'Queue caps saved: {{images}} image jobs and {{videos}} videos at a time.',
      invalid: 'Enter a whole number from 1 to 32.',
      failed: 'The caps could not be saved'
    },
    libraryHeading: 'Library',
    appearanceHeading: 'Appearance',
    loadFailed: 'The profiles could not be loaded'
  },
  profiles: {
    listLabel: 'Profiles',
    add: 'Add profile',
    active: 'Active',
    builtInSynthetic: 'Built-in · synthetic results',
    fromEnvironment: 'From environment variables · read-only',
    use: 'Use',
    useNamed: 'Use {{name}}',
    edit: 'Edit',
    editNamed: 'Edit {{name}}',
    remove: 'Delete',
    removeNamed: 'Delete {{name}}',
    test: 'Test',
    testNamed: 'Test connection to {{name}}',
    keyLast4: 'Key ending in {{last4}}',
    saved: 'Saved “{{name}}”.',
    removed: 'Deleted “{{name}}”.'
  },
  keyStatus: {
    os: 'Key saved in the system keychain',
    session: 'Key kept for this session only',
    file: 'Key stored unprotected in a file',
    none: 'No key',
    reentry: 'Re-enter the key'
  },
  form: {
    addTitle: 'Add profile',
    editTitle: 'Edit profile',
    name: 'Name',
    namePlaceholder: 'My gateway',
    baseUrl: 'Base URL',
    baseUrlHelp: 'The API address of the gateway, for example https://api.example.com',
    baseUrlVersionDropped: 'The studio adds {{version}} to each route itself, so it will use {{url}}',
    apiKey: 'API key',
    apiKeyHelpAdd: 'Sent only to this gateway. The window never sees it again after you save.',
    apiKeyHelpEdit: 'Leave empty to keep the current key.',
    apiKeyHelpEditLast4: 'Leave empty to keep the current key (ending in {{last4}}).',
    apiKeyHelpOriginChanged:
      'The address now points to another server: enter the API key again. A saved key is only ever sent to the server it was saved for.',
    persistenceLegend: 'Where to keep the key',
    persistenceIntro: 'This system has no keychain the studio can use to encrypt the key.',
    persistenceSession: 'Keep for this session only',
    persistenceSessionHelp: 'You will enter the key again after the studio restarts.',
    persistenceFile: 'Store in an unprotected file (readable by anyone with access to your user account)',
    persistenceFileWarning:
      'Warning: the key will be written to disk unencrypted. Anyone or any program that can read your user files can read it.',
    keychainNote: 'The key will be encrypted with the system keychain.',
    testConnection: 'Test connection',
    testing: 'Testing…',
    save: 'Save',
    cancel: 'Cancel',
    errors: {
      nameRequired: 'Give the profile a name',
      keyRequired: 'Enter the API key for this gateway',
      keyRequiredToTest: 'Enter the API key to test',
      keyWhitespace: 'The API key cannot contain spaces or line breaks',
      nameTaken: 'A profile with this name already exists',
      baseUrl: {
        empty: 'Enter the gateway address, for example https://api.example.com',
        malformed: 'This is not a web address. It should look like https://api.example.com',
        scheme: 'The address must start with https:// (found {{protocol}})',
        insecure:
          'Plain http:// would send your key unencrypted; use https:// (http is allowed only for this computer: 127.0.0.1 or localhost)',
        packagedHttp:
          'This installed build of the studio accepts only https:// gateway addresses (plain http:// is for development builds)',
        credentials: 'Remove the user name or password from the address; the key is entered separately',
        query: 'Remove the ?query or #fragment from the address'
      }
    }
  },
  remove: {
    title: 'Delete profile?',
    body: 'Delete “{{name}}” and its saved key? This cannot be undone.',
    confirm: 'Delete',
    cancel: 'Cancel'
  },
  connection: {
    ok: 'Connected',
    keyName: 'Key name',
    unnamedKey: '(unnamed)',
    state: 'State',
    available: 'Available',
    latency: 'Response time',
    latencyValue: '{{ms}} ms',
    states: {
      active: 'Active',
      unlimited: 'Unlimited',
      expired: 'Expired',
      exhausted: 'Used up'
    }
  },
  library: {
    intro:
      'Your gallery and its history live in one database file. A backup copies it, with the media folder as it is, into the backups folder of the data directory.',
    backUp: 'Back up library',
    backingUp: 'Backing up…',
    backedUp: 'Backed up ({{when}}).',
    none: 'No backups yet.',
    listLabel: 'Backups',
    restore: 'Restore',
    restoreNamed: 'Restore the backup of {{when}}',
    restorePending:
      'The backup {{name}} will replace the library at the next start; the current library is kept beside it.',
    failed: 'The library action failed'
  },
  // Job state changes, said once by the app's live regions (lib/announce).
  announce: {
    image: 'Image',
    video: 'Video',
    untitled: 'untitled',
    queued: '{{kind}} “{{name}}” is queued.',
    running: '{{kind}} “{{name}}” is running.',
    done: '{{kind}} “{{name}}” is done.',
    failed: '{{kind}} “{{name}}” failed.',
    failedWith: '{{kind}} “{{name}}” failed: {{reason}}'
  },
  appearance: {
    theme: 'Theme',
    language: 'Language',
    system: 'Follow system',
    light: 'Light',
    dark: 'Dark',
    saveFailed: 'The setting could not be saved'
  },
  errors: {
    generic: 'Something went wrong',
    UNAUTHORIZED: 'The gateway refused the API key (401)',
    FORBIDDEN: 'The key is not allowed to do this (403)',
    FORBIDDEN_SENDER: 'This page is not connected to the studio host it was opened from',
    INSUFFICIENT_QUOTA: 'Not enough quota',
    NETWORK_UNREACHABLE: 'Can’t reach the gateway',
    TLS: 'The secure connection could not be verified',
    TIMEOUT: 'The gateway did not answer in time',
    NOT_A_GATEWAY: 'This address is not a gateway API',
    REDIRECT_REFUSED: 'The gateway tried to redirect the request',
    RATE_LIMITED: 'Too many requests: rate limited',
    GATEWAY_ERROR: 'The gateway answered with an error',
    GATEWAY_VALIDATION: 'The gateway rejected the request',
    MODEL_UNAVAILABLE: 'The model is not available',
    KEY_MISSING: 'No API key',
    KEY_UNAVAILABLE: 'The saved key could not be unlocked',
    INVALID_INPUT: 'Check the entered values',
    CONFLICT: 'That name is already used',
    NOT_FOUND: 'That profile no longer exists',
    STORAGE: 'The studio could not save to disk',
    INTERNAL: 'Internal error in the studio host',
    OUTCOME_UNKNOWN: 'The outcome is unknown',
    CANCELLED: 'Cancelled'
  },
  chat: chatEn,
  video: videoEn,
  fatal: {
    title: 'The studio cannot start',
    noBridge: 'This page was opened without the studio host, so it cannot reach your profiles or the gateway.',
    noBridgeHint:
      'Start the app with “npm start” (or open the address the studio host prints) instead of opening the page directly.',
    incompleteBridge: 'The studio host is a different version from this window: {{missing}} is missing.',
    crashed: 'Something in this window failed unexpectedly.',
    reload: 'Reload'
  }
}

/** Every English message: the start part and the areas' part. */
export type AllMessages = typeof en & AreaMessages

/** The shape every language must provide: the same keys, any strings. */
export type Messages = DeepStrings<AllMessages>
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> }
