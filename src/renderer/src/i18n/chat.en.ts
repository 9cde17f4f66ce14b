/** English chat messages, merged into `en` as `chat` (kept apart so each file stays readable). */
export const chatEn = {
  view: {
    loadFailed: 'This conversation could not be loaded',
    retry: 'Try again',
    newTitle: 'New conversation',
    untitled: 'Untitled'
  },
  list: {
    label: 'Conversations',
    search: 'Search conversations',
    searchPlaceholder: 'Search titles and messages',
    newConversation: 'New conversation',
    empty: 'No conversations yet. Type a prompt below to start one.',
    noMatches: 'No conversation matches “{{query}}”.',
    loadFailed: 'The conversations could not be loaded',
    messageCount_one: '{{count}} message',
    messageCount_other: '{{count}} messages',
    matchedIn: 'Found in messages: {{text}}',
    // Followed by the excerpt with the matched words marked.
    matchedLabel: 'Found in messages: ',
    actionsFor: 'Actions for {{title}}',
    rename: 'Rename',
    titleField: 'Conversation title',
    duplicate: 'Duplicate',
    exportMarkdown: 'Export as Markdown',
    exportJson: 'Export as JSON',
    delete: 'Delete…',
    keyboardHint: 'Arrow keys move between conversations; F2 renames; Delete removes.',
    exported: 'Saved “{{fileName}}”.',
    actionFailed: 'That did not work: {{message}}'
  },
  remove: {
    title: 'Delete conversation?',
    body: 'Delete “{{title}}” and all its messages? This cannot be undone.',
    confirm: 'Delete',
    cancel: 'Cancel'
  },
  settings: {
    model: 'Model',
    modelPlaceholder: 'Choose or type a model id',
    modelHelp: 'Pick from the gateway’s list or type any model id.',
    modelsLoading: 'Loading the model list…',
    modelsFailed: 'The model list could not be loaded; you can still type a model id.',
    format: 'Format',
    formats: {
      chat: 'General chat',
      content: 'Content (parts)',
      messages: 'Messages',
      completions: 'Legacy completions'
    },
    formatHelp: {
      chat: 'The general chat route: a list of role-tagged messages; the default for new conversations.',
      content: 'The native content format: turns made of parts (text, inline images); has safety settings.',
      messages: 'The native messages format: max_tokens is always sent; supports thinking and image URLs.',
      completions: 'Raw text continuation: the model continues your document; no roles, no system instruction.'
    },
    system: 'System instruction',
    systemPlaceholder: 'How the model should behave in this conversation (optional)',
    formatLocked: '{{format}} is fixed for this conversation; start a new one for another format.',
    systemAbsent: 'Legacy completions have no system instruction: the document is the whole prompt.',
    parameters: 'Parameters',
    problems: {
      modelRequired: 'Choose or type a model id',
      modelTooLong: 'A model id is at most 200 characters',
      systemTooLong: 'The system instruction is too long'
    }
  },
  params: {
    heading: 'Parameters',
    intro: 'Sent with every request of this conversation, under these exact names. Empty fields are not sent.',
    groups: {
      thinking: 'Thinking',
      safety: 'Safety settings',
      tools: 'Tools',
      output: 'Structured output'
    },
    notSent: 'Default (not sent)',
    defaultValue: 'Default {{value}}; always sent.',
    range: 'From {{min}} to {{max}}.',
    integerRange: 'A whole number from {{min}} to {{max}}.',
    dynamicBudget: 'A whole number; -1 lets the model decide, 0 turns thinking off.',
    budgetNeedsThinking: 'Used when thinking.enabled is on; at least 1024.',
    jsonHelp: {
      array: 'JSON array.',
      object: 'JSON object.',
      'array-or-object': 'JSON array or object.'
    },
    stops: {
      add: 'Add',
      remove: 'Remove “{{value}}”',
      help: 'Up to {{max}}; press Enter to add. Write \\n for a line break.',
    },
    errors: {
      required: 'Required',
      notNumber: 'Enter a number',
      notInteger: 'Enter a whole number',
      range: 'Must be from {{min}} to {{max}}',
      jsonSyntax: 'Not valid JSON: {{detail}}',
      jsonArray: 'Must be a JSON array ([…])',
      jsonObject: 'Must be a JSON object ({…})',
      jsonArrayOrObject: 'Must be a JSON array or object',
      tooManyStops: 'At most {{max}} entries',
      tooLong: 'At most {{max}} characters'
    },
    presets: {
      heading: 'Presets',
      intro: 'A preset keeps the format, parameters, system instruction and model.',
      choose: 'Preset',
      none: 'No presets saved yet',
      apply: 'Apply',
      delete: 'Delete preset',
      name: 'Preset name',
      save: 'Save as preset',
      saved: 'Saved preset “{{name}}”.',
      applied: 'Applied preset “{{name}}”.',
      deleted: 'Deleted the preset.',
      fixFirst: 'Fix the parameters before saving a preset.',
      otherFormat: 'This preset is for the “{{format}}” format; start a new conversation to apply it.'
    }
  },
  composer: {
    label: 'Message composer',
    prompt: 'Prompt',
    promptPlaceholder: 'Message the model…',
    keysHint: 'Enter sends · Shift+Enter adds a line · Esc stops',
    send: 'Send',
    stop: 'Stop',
    sending: 'Sending…',
    reasons: {
      empty: 'Type a message to send.',
      uploading: 'Wait for the images to finish uploading.',
      settings: 'Fix the highlighted settings first.',
      params: 'Fix the highlighted parameters first.',
      unsupported: 'Remove the attachments this format cannot send.',
      tooLong: 'The message is too long.'
    },
    attach: 'Attach image',
    attachments: 'Attachments',
    removeAttachment: 'Remove {{name}}',
    uploading: 'Uploading…',
    imageUrl: 'Image URL',
    imageUrlPlaceholder: 'https://…/picture.png',
    addImageUrl: 'Add image URL',
    badImageUrl: 'Enter an http(s) address of an image',
    dropHint: 'Drop images to attach them',
    notImage: '“{{name}}” is not a PNG, JPEG, WebP or GIF image.',
    tooBig: '“{{name}}” is larger than 20 MB.',
    tooMany: 'At most 10 images per message.',
    uploadFailed: '“{{name}}” could not be attached: {{message}}',
    noAttachments: 'Legacy completions take text only.',
    sendFailed: 'The message was not sent'
  },
  messages: {
    label: 'Messages',
    user: 'User message',
    assistant: 'Assistant message',
    empty: 'No messages yet.',
    loadEarlier: 'Load earlier messages',
    loadingEarlier: 'Loading…',
    jumpToLatest: 'Jump to the latest message',
    thinking: 'Thinking',
    thinkingStreaming: 'Thinking…',
    toolCall: 'Tool call: {{name}}',
    toolCallIncomplete: 'Arguments still arriving…',
    imageAttachment: 'Image: {{name}}',
    imageUrl: 'Image URL: {{url}}',
    usage: 'Tokens: {{input}} in · {{output}} out · {{total}} total',
    usageUnknown: '–',
    finish: 'Finish: {{reason}}',
    safety: 'Safety ratings',
    safetyBlocked: 'blocked',
    announceDone: 'The answer is complete.',
    announceStopped: 'Stopped.',
    announceFailed: 'The answer failed.'
  },
  tools: {
    formLabel: 'Answer the tool calls',
    resultLabel: 'Result of {{name}} (JSON)',
    resultLabelPlain: 'Result of {{name}} (plain text)',
    resultOf: 'Result of {{name}}',
    plain: 'Send as plain text',
    jsonHelp: 'Type or paste the result as JSON: an object, array, string or number.',
    plainHelp: 'The text is sent as a string, exactly as typed.',
    wrapHelp: 'This format takes an object: any other result is sent as {"result": …}.',
    keysHint: 'Ctrl+Enter (⌘+Enter) sends.',
    send_one: 'Send result',
    send_other: 'Send {{count}} results',
    sending: 'Sending…',
    progress: '{{answered}} of {{count}} ready',
    errors: {
      empty: 'Type the result of {{name}}, or send it as plain text.',
      json: 'Not valid JSON: {{detail}}. Fix it, or send it as plain text.'
    }
  },
  status: {
    streaming: 'Streaming…',
    stopped: 'Stopped',
    stoppedDetail: 'You stopped this answer; what arrived is kept.',
    incomplete: 'Incomplete',
    incompleteDetail: '— the stream ended early',
    error: 'Error'
  },
  errors: {
    badKey: 'The gateway rejected the API key (401)',
    quota: 'Quota exhausted or not allowed (403)',
    rateLimited: 'Rate limited (429)',
    modelUnavailable: 'The model is unavailable (503)',
    midStream: 'The stream failed part-way',
    notFound: 'That conversation or message no longer exists',
    incomplete: 'The stream ended before the answer was complete',
    retryAfter: 'Try again in {{seconds}} s.'
  },
  actions: {
    toolbar: 'Message actions',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Copy failed',
    edit: 'Edit',
    editField: 'Edit message',
    resend: 'Submit edit',
    cancelEdit: 'Cancel',
    regenerate: 'Regenerate',
    branch: 'Branch from here'
  },
  markdown: {
    copyCode: 'Copy code',
    plainText: 'text',
    codeLabel: 'Code ({{lang}})',
    footnotes: 'Footnotes',
    backToReference: 'Back to reference {{ref}}'
  },
  completions: {
    label: 'Document',
    document: 'Document',
    placeholder: 'Write the beginning of a text; the model continues it.',
    help: 'Continue sends the whole document as the prompt and appends the answer in place. Stop sequences apply.',
    continue: 'Continue',
    continuing: 'Continuing…',
    empty: 'Write some text to continue.',
    saving: 'Saving…',
    saved: 'Saved',
    saveFailed: 'The document could not be saved: {{message}}',
    liveLabel: 'Text being added'
  }
}
