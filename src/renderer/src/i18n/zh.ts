import { balanceZh } from './balance.zh'
import { chatZh } from './chat.zh'
import { compareRunsZh } from './compare-runs.zh'
import type { Messages } from './en'
import { flowsZh } from './flows.zh'
import { imagesZh } from './images.zh'
import { namesZh } from './names.zh'
import { promptsZh } from './prompts.zh'
import { rulesZh } from './rules.zh'
import { videoZh } from './video.zh'

/** Simplified Chinese. Typed as `Messages`, so a missing or extra key fails to compile. */
export const zh: Messages = {
  app: {
    title: '生成工作室',
    skipToContent: '跳到主要内容',
    loading: '加载中…',
    noticesTitle: '工作室在启动时修复了已保存的数据',
    noticesDismiss: '关闭'
  },
  actions: {
    more: '更多操作',
    request: '请求',
    requestHelp: '将发送给网关的确切内容：方法、路由和请求体字段（空字段不发送）。',
    submitKey: '{{action}}（{{keys}}）'
  },
  nav: {
    label: '主导航',
    chat: '对话',
    images: '图像',
    video: '视频',
    balance: '余额',
    settings: '设置',
    prompts: '提示词',
    shortcut: '快捷键：{{keys}}',
    open: '打开{{name}}（{{keys}}）',
    leaveEditor: {
      title: '离开编辑器？',
      body: '你绘制的蒙版尚未发送。前往“{{area}}”将丢弃它。',
      stay: '留在编辑器',
      leave: '丢弃蒙版并离开'
    }
  },
  empty: {
    comingLater: '将在后续版本中提供',
    chat: '与网关上的所有模型对话：三种文本格式的流式回复、用于续写的旧版补全接口，对话记录保存在本机。',
    images: '生成图像，并用蒙版画笔编辑：按原图尺寸导出网关所需的蒙版。',
    video: '为所有模型系列创建视频任务，在重启后依然保留的任务看板上跟踪进度，并在结果过期前下载。',
    balance: '查看密钥的总额度、已用额度和剩余额度、到期时间与各模型限额，并基于本地快照绘制趋势。',
    meanwhile: '现在可以先在“设置”中配置网关配置档。'
  },
  header: {
    activeProfile: '当前配置档',
    synthetic: '模拟',
    syntheticHint: '内置沙盒的结果在本地生成，并非真实的模型输出。',
    switchFailed: '无法切换配置档'
  },
  balance: balanceZh,
  prompts: promptsZh,
  settings: {
    profilesHeading: '配置档',
    profilesIntro: '配置档由网关地址和 API 密钥组成。密钥只保存在工作室主进程中，本窗口只知道是否已保存以及末四位。',
    queueHeading: '队列',
    queue: {
      intro: '加入队列的任务会分批发送，一批任务不会同时变成许多笔付费生成。以下上限作用于当前配置。',
      imageCap: '同时进行的图片任务',
      videoCap: '同时进行的视频',
      capHelp: '1 到 32。',
      save: '保存队列上限',
      saved: '队列上限已保存：同时 {{images}} 个图片任务、{{videos}} 个视频。',
      invalid: '请输入 1 到 32 之间的整数。',
      failed: '无法保存上限'
    },
    libraryHeading: '资料库',
    appearanceHeading: '外观',
    loadFailed: '无法加载配置档'
  },
  profiles: {
    listLabel: '配置档',
    add: '添加配置档',
    active: '当前使用',
    builtInSynthetic: '内置 · 模拟结果',
    fromEnvironment: '来自环境变量 · 只读',
    use: '使用',
    useNamed: '使用 {{name}}',
    edit: '编辑',
    editNamed: '编辑 {{name}}',
    remove: '删除',
    removeNamed: '删除 {{name}}',
    test: '测试',
    testNamed: '测试与 {{name}} 的连接',
    keyLast4: '密钥末四位 {{last4}}',
    saved: '已保存“{{name}}”。',
    removed: '已删除“{{name}}”。'
  },
  keyStatus: {
    os: '密钥已保存在系统钥匙串中',
    session: '密钥仅在本次会话中保留',
    file: '密钥以未加密文件保存',
    none: '无密钥',
    reentry: '请重新输入密钥'
  },
  form: {
    addTitle: '添加配置档',
    editTitle: '编辑配置档',
    name: '名称',
    namePlaceholder: '我的网关',
    baseUrl: '接口地址',
    baseUrlHelp: '网关的 API 地址，例如 https://api.example.com',
    baseUrlVersionDropped: '工作室会在每个接口路径前自行加上 {{version}}，因此将使用 {{url}}',
    apiKey: 'API 密钥',
    apiKeyHelpAdd: '只会发送给此网关。保存后本窗口不会再看到它。',
    apiKeyHelpEdit: '留空则保留当前密钥。',
    apiKeyHelpEditLast4: '留空则保留当前密钥（末四位 {{last4}}）。',
    apiKeyHelpOriginChanged: '地址已指向另一台服务器：请重新输入 API 密钥。已保存的密钥只会发送给保存时的那台服务器。',
    persistenceLegend: '密钥保存方式',
    persistenceIntro: '此系统没有可用于加密密钥的钥匙串。',
    persistenceSession: '仅在本次会话中保留',
    persistenceSessionHelp: '工作室重启后需要重新输入密钥。',
    persistenceFile: '保存到未加密的文件（任何能访问你的用户帐户的人都能读取）',
    persistenceFileWarning: '警告：密钥将以明文写入磁盘。任何能读取你用户文件的人或程序都能读取它。',
    keychainNote: '密钥将使用系统钥匙串加密保存。',
    testConnection: '测试连接',
    testing: '测试中…',
    save: '保存',
    cancel: '取消',
    errors: {
      nameRequired: '请为配置档命名',
      keyRequired: '请输入此网关的 API 密钥',
      keyRequiredToTest: '请输入要测试的 API 密钥',
      keyWhitespace: 'API 密钥不能包含空格或换行',
      nameTaken: '已存在同名的配置档',
      baseUrl: {
        empty: '请输入网关地址，例如 https://api.example.com',
        malformed: '这不是有效的网址，应类似 https://api.example.com',
        scheme: '地址必须以 https:// 开头（当前为 {{protocol}}）',
        insecure: '明文 http:// 会以未加密方式发送密钥，请使用 https://（http 仅允许用于本机：127.0.0.1 或 localhost）',
        packagedHttp: '此安装版工作室只接受 https:// 网关地址（明文 http:// 仅用于开发版本）',
        credentials: '请从地址中删除用户名或密码，密钥需单独填写',
        query: '请从地址中删除 ?查询参数 或 #片段'
      }
    }
  },
  remove: {
    title: '删除配置档？',
    body: '删除“{{name}}”及其保存的密钥？此操作无法撤销。',
    confirm: '删除',
    cancel: '取消'
  },
  connection: {
    ok: '连接成功',
    keyName: '密钥名称',
    unnamedKey: '（未命名）',
    state: '状态',
    available: '剩余额度',
    latency: '响应时间',
    latencyValue: '{{ms}} 毫秒',
    states: {
      active: '可用',
      unlimited: '无限额度',
      expired: '已过期',
      exhausted: '已用完'
    }
  },
  library: {
    intro: '图库及其历史保存在一个数据库文件中。备份会把它连同媒体文件夹原样复制到数据目录的 backups 文件夹。',
    backUp: '备份资料库',
    backingUp: '正在备份…',
    backedUp: '已备份（{{when}}）。',
    none: '还没有备份。',
    listLabel: '备份',
    restore: '恢复',
    restoreNamed: '恢复 {{when}} 的备份',
    restorePending: '下次启动时将用备份 {{name}} 替换资料库；当前资料库会保留在旁边。',
    failed: '资料库操作失败'
  },
  announce: {
    image: '图像',
    video: '视频',
    untitled: '未命名',
    queued: '{{kind}}“{{name}}”已排队。',
    running: '{{kind}}“{{name}}”正在生成。',
    done: '{{kind}}“{{name}}”已完成。',
    failed: '{{kind}}“{{name}}”失败。',
    failedWith: '{{kind}}“{{name}}”失败：{{reason}}'
  },
  appearance: {
    theme: '主题',
    language: '语言',
    system: '跟随系统',
    light: '浅色',
    dark: '深色',
    saveFailed: '无法保存此设置'
  },
  errors: {
    generic: '出现问题',
    UNAUTHORIZED: '网关拒绝了此 API 密钥（401）',
    FORBIDDEN: '此密钥无权执行该操作（403）',
    FORBIDDEN_SENDER: '此页面未连接到打开它的工作室主机',
    INSUFFICIENT_QUOTA: '额度不足',
    NETWORK_UNREACHABLE: '无法连接到网关',
    TLS: '无法验证安全连接',
    TIMEOUT: '网关未能及时响应',
    NOT_A_GATEWAY: '此地址不是网关 API',
    REDIRECT_REFUSED: '网关试图重定向请求',
    RATE_LIMITED: '请求过于频繁，已被限流',
    GATEWAY_ERROR: '网关返回了错误',
    GATEWAY_VALIDATION: '网关拒绝了该请求',
    MODEL_UNAVAILABLE: '该模型当前不可用',
    KEY_MISSING: '没有 API 密钥',
    KEY_UNAVAILABLE: '无法解锁已保存的密钥',
    INVALID_INPUT: '请检查填写的内容',
    CONFLICT: '该名称已被使用',
    NOT_FOUND: '该配置档已不存在',
    STORAGE: '工作室无法写入磁盘',
    INTERNAL: '工作室主进程内部错误',
    OUTCOME_UNKNOWN: '结果未知',
    CANCELLED: '已取消'
  },
  chat: chatZh,
  flows: flowsZh,
  compareRuns: compareRunsZh,
  images: imagesZh,
  names: namesZh,
  rules: rulesZh,
  video: videoZh,
  fatal: {
    title: '工作室无法启动',
    noBridge: '此页面未通过工作室主进程打开，因此无法访问配置档或网关。',
    noBridgeHint: '请使用“npm start”启动应用（或打开工作室主进程输出的地址），不要直接打开此页面。',
    incompleteBridge: '工作室主进程与本窗口版本不一致：缺少 {{missing}}。',
    crashed: '此窗口中发生了意外错误。',
    reload: '重新加载'
  }
}
