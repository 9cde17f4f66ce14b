import type { Messages } from './en'

/** Simplified Chinese chat messages; typed from the English ones, so a missing or extra key fails to compile. */
export const chatZh: Messages['chat'] = {
  view: {
    loadFailed: '无法加载此对话',
    retry: '重试',
    newTitle: '新对话',
    untitled: '未命名'
  },
  list: {
    label: '对话列表',
    search: '搜索对话',
    searchPlaceholder: '搜索标题和消息',
    newConversation: '新对话',
    empty: '还没有对话。在下方输入提示词即可开始。',
    noMatches: '没有与“{{query}}”匹配的对话。',
    loadFailed: '无法加载对话列表',
    messageCount_one: '{{count}} 条消息',
    messageCount_other: '{{count}} 条消息',
    matchedIn: '在消息中找到：{{text}}',
    matchedLabel: '在消息中找到：',
    actionsFor: '{{title}} 的操作',
    rename: '重命名',
    titleField: '对话标题',
    duplicate: '复制对话',
    exportMarkdown: '导出为 Markdown',
    exportJson: '导出为 JSON',
    delete: '删除…',
    keyboardHint: '方向键在对话之间移动；F2 重命名；Delete 删除。',
    exported: '已保存“{{fileName}}”。',
    actionFailed: '操作失败：{{message}}'
  },
  remove: {
    title: '删除对话？',
    body: '删除“{{title}}”及其全部消息？此操作无法撤销。',
    confirm: '删除',
    cancel: '取消'
  },
  settings: {
    model: '模型',
    modelPlaceholder: '选择或输入模型 ID',
    modelHelp: '可从网关的列表中选择，也可输入任意模型 ID。',
    modelsLoading: '正在加载模型列表…',
    modelsFailed: '无法加载模型列表；仍可手动输入模型 ID。',
    format: '格式',
    formats: {
      chat: '通用对话',
      content: '内容（parts）',
      messages: 'Messages',
      completions: '旧版补全'
    },
    formatHelp: {
      chat: '通用对话接口：带角色的消息列表；新对话默认使用。',
      content: '原生内容格式：每轮由多个 part（文本、内嵌图片）组成；支持安全设置。',
      messages: '原生 Messages 格式：始终发送 max_tokens；支持思考与图片 URL。',
      completions: '纯文本续写：模型接着你的文档往下写；没有角色，也没有系统指令。'
    },
    system: '系统指令',
    systemPlaceholder: '模型在此对话中应如何表现（可选）',
    formatLocked: '此对话的格式固定为“{{format}}”；如需其他格式，请新建对话。',
    systemAbsent: '旧版补全没有系统指令：整个文档就是提示词。',
    parameters: '参数',
    problems: {
      modelRequired: '请选择或输入模型 ID',
      modelTooLong: '模型 ID 最多 200 个字符',
      systemTooLong: '系统指令过长'
    }
  },
  params: {
    heading: '参数',
    intro: '此对话的每个请求都会以这些名称原样发送。留空的字段不会发送。',
    groups: {
      thinking: '思考',
      safety: '安全设置',
      tools: '工具',
      output: '结构化输出'
    },
    notSent: '默认（不发送）',
    defaultValue: '默认 {{value}}；始终发送。',
    range: '取值 {{min}} 到 {{max}}。',
    integerRange: '{{min}} 到 {{max}} 之间的整数。',
    dynamicBudget: '整数；-1 由模型决定，0 关闭思考。',
    budgetNeedsThinking: '在开启 thinking.enabled 时使用；至少 1024。',
    jsonHelp: {
      array: 'JSON 数组。',
      object: 'JSON 对象。',
      'array-or-object': 'JSON 数组或对象。'
    },
    stops: {
      add: '添加',
      remove: '移除“{{value}}”',
      help: '最多 {{max}} 个；按 Enter 添加。输入 \\n 表示换行。',
    },
    errors: {
      required: '必填',
      notNumber: '请输入数字',
      notInteger: '请输入整数',
      range: '必须在 {{min}} 到 {{max}} 之间',
      jsonSyntax: '不是有效的 JSON：{{detail}}',
      jsonArray: '必须是 JSON 数组（[…]）',
      jsonObject: '必须是 JSON 对象（{…}）',
      jsonArrayOrObject: '必须是 JSON 数组或对象',
      tooManyStops: '最多 {{max}} 项',
      tooLong: '最多 {{max}} 个字符'
    },
    presets: {
      heading: '预设',
      intro: '预设会保存格式、参数、系统指令和模型。',
      choose: '预设',
      none: '还没有保存的预设',
      apply: '应用',
      delete: '删除预设',
      name: '预设名称',
      save: '另存为预设',
      saved: '已保存预设“{{name}}”。',
      applied: '已应用预设“{{name}}”。',
      deleted: '已删除预设。',
      fixFirst: '请先修正参数再保存预设。',
      otherFormat: '此预设适用于“{{format}}”格式；请新建对话后再应用。'
    }
  },
  composer: {
    label: '消息编辑区',
    prompt: '提示词',
    promptPlaceholder: '给模型发消息…',
    keysHint: 'Enter 发送 · Shift+Enter 换行 · Esc 停止',
    send: '发送',
    stop: '停止',
    sending: '正在发送…',
    reasons: {
      empty: '请输入要发送的消息。',
      uploading: '请等待图片上传完成。',
      settings: '请先修正标出的设置。',
      params: '请先修正标出的参数。',
      unsupported: '请移除此格式无法发送的附件。',
      tooLong: '消息过长。'
    },
    attach: '添加图片',
    attachments: '附件',
    removeAttachment: '移除 {{name}}',
    uploading: '正在上传…',
    imageUrl: '图片 URL',
    imageUrlPlaceholder: 'https://…/picture.png',
    addImageUrl: '添加图片 URL',
    badImageUrl: '请输入图片的 http(s) 地址',
    dropHint: '松开即可添加图片',
    notImage: '“{{name}}”不是 PNG、JPEG、WebP 或 GIF 图片。',
    tooBig: '“{{name}}”超过 20 MB。',
    tooMany: '每条消息最多 10 张图片。',
    uploadFailed: '无法添加“{{name}}”：{{message}}',
    noAttachments: '旧版补全只接受文本。',
    sendFailed: '消息未发送'
  },
  messages: {
    label: '消息',
    user: '用户消息',
    assistant: '助手消息',
    empty: '还没有消息。',
    loadEarlier: '加载更早的消息',
    loadingEarlier: '加载中…',
    jumpToLatest: '跳到最新消息',
    thinking: '思考过程',
    thinkingStreaming: '正在思考…',
    toolCall: '工具调用：{{name}}',
    toolCallIncomplete: '参数仍在传输中…',
    imageAttachment: '图片：{{name}}',
    imageUrl: '图片 URL：{{url}}',
    usage: 'Token：输入 {{input}} · 输出 {{output}} · 合计 {{total}}',
    usageUnknown: '–',
    finish: '结束原因：{{reason}}',
    safety: '安全评级',
    safetyBlocked: '已拦截',
    announceDone: '回答已完成。',
    announceStopped: '已停止。',
    announceFailed: '回答失败。'
  },
  tools: {
    formLabel: '回答工具调用',
    resultLabel: '{{name}} 的结果（JSON）',
    resultLabelPlain: '{{name}} 的结果（纯文本）',
    resultOf: '{{name}} 的结果',
    plain: '作为纯文本发送',
    jsonHelp: '以 JSON 输入或粘贴结果：对象、数组、字符串或数字。',
    plainHelp: '文本按原样作为字符串发送。',
    wrapHelp: '此格式只接受对象：其他结果会以 {"result": …} 发送。',
    keysHint: 'Ctrl+Enter（⌘+Enter）发送。',
    send_one: '发送结果',
    send_other: '发送 {{count}} 个结果',
    sending: '发送中…',
    progress: '已填写 {{answered}} / {{count}}',
    errors: {
      empty: '请输入 {{name}} 的结果，或作为纯文本发送。',
      json: '不是有效的 JSON：{{detail}}。请修正，或作为纯文本发送。'
    }
  },
  status: {
    streaming: '正在生成…',
    stopped: '已停止',
    stoppedDetail: '你停止了此回答；已收到的内容会保留。',
    incomplete: '不完整',
    incompleteDetail: '— 数据流提前结束',
    error: '错误'
  },
  errors: {
    badKey: '网关拒绝了 API 密钥（401）',
    quota: '额度已用尽或无权使用（403）',
    rateLimited: '请求被限流（429）',
    modelUnavailable: '模型不可用（503）',
    midStream: '数据流中途失败',
    notFound: '该对话或消息已不存在',
    incomplete: '回答完成前数据流就结束了',
    retryAfter: '请在 {{seconds}} 秒后重试。'
  },
  actions: {
    toolbar: '消息操作',
    copy: '复制',
    copied: '已复制',
    copyFailed: '复制失败',
    edit: '编辑',
    editField: '编辑消息',
    resend: '提交修改',
    cancelEdit: '取消',
    regenerate: '重新生成',
    branch: '从此处分支'
  },
  markdown: {
    copyCode: '复制代码',
    plainText: '文本',
    codeLabel: '代码（{{lang}}）',
    footnotes: '脚注',
    backToReference: '返回引用 {{ref}}'
  },
  completions: {
    label: '文档',
    document: '文档',
    placeholder: '写下一段文字的开头，模型会接着写下去。',
    help: '“续写”会把整个文档作为提示词发送，并把回答原地追加到文档末尾。停止序列同样生效。',
    continue: '续写',
    continuing: '正在续写…',
    empty: '请先写一些文字再续写。',
    saving: '正在保存…',
    saved: '已保存',
    saveFailed: '无法保存文档：{{message}}',
    liveLabel: '正在追加的文字'
  }
}
