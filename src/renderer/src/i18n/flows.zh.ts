import type { flowsEn } from './flows.en'

export const flowsZh: typeof flowsEn = {
  lineage: {
    title: '来源',
    madeFrom: '来自',
    madeFromThis: '由此生成',
    none: '不是由其他结果生成的。',
    noChildren: '尚未用它生成任何结果。',
    loading: '正在读取来源…',
    failed: '无法读取来源：{{message}}',
    deleted: '已删除',
    untitled: '未命名',
    show: '查看',
    showNamed: '查看{{kind}}：{{name}}',
    kind: { image: '图片', video: '视频' },
    relation: {
      'first-frame': '首帧',
      'last-frame': '尾帧',
      reference: '参考图',
      edit: '蒙版编辑',
      protect: '蒙版外保护副本',
      remix: '二次创作',
      frame: '第 {{time}} 秒的帧',
      variation: '选用的变体'
    }
  },
  versions: {
    strip: '这张图片的版本',
    item: '版本 {{n}}',
    itemFrom: '版本 {{n}}，基于版本 {{from}}',
    original: '原图',
    current: '当前',
    gone: '已删除',
    editHint: '选择一个版本进行编辑；编辑较早的版本会开始一个分支。',
    loading: '正在读取版本…',
    failed: '无法读取版本：{{message}}',
    compare: '比较版本',
    before: '之前',
    after: '之后',
    split: '两个版本之间的分割线',
    splitHint: '拖动分割线或使用方向键（按住 Shift 步长更大）。',
    hold: '按住对比',
    holdTitle: '按住（鼠标、空格或回车）只看“之前”的版本',
    showing: '正在显示 {{name}}',
    tree: '版本树',
    show: '显示版本 {{n}}'
  },
  variations: {
    more: '更多类似',
    moreTitle: '再次发送相同的请求，共 {{count}} 次',
    count: '数量',
    countError: '请选择 1 到 8 之间的数字。',
    sending: '正在发送…',
    failed: '无法开始生成变体：{{message}}',
    group: '“{{name}}”的变体',
    waiting: '正在生成变体 {{n}}…',
    noResult: '变体 {{n}} 失败：{{message}}',
    use: '使用这张',
    useNamed: '使用变体 {{n}}',
    picked: '变体 {{n}} 现在是当前版本。',
    dismiss: '关闭变体'
  },
  gallery: {
    firstFrame: '用作视频首帧',
    lastFrame: '用作尾帧',
    videoReference: '用作视频参考图',
    details: '详情',
    detailsTitle: '图片详情',
    prompt: '提示词',
    model: '模型',
    size: '尺寸',
    created: '创建时间',
    origin: '生成方式',
    close: '关闭',
    editWithMask: '用蒙版编辑',
    gone: '该图片已不在图库中。'
  },
  receive: {
    slot: { first: '首帧', last: '尾帧', reference: '参考图' },
    placed: '“{{name}}”现在是{{slot}}（{{family}}，{{model}}）。',
    switched: '{{model}} 不能使用图库中的{{slot}}；已切换到 {{family}}（{{suggestion}}），它可以。',
    switchedFamily: '已切换到 {{family}}（{{suggestion}}），它可以使用图库中的{{slot}}。',
    noFamily: '此配置的视频系列都不能使用图库中的{{slot}}。',
    full: '{{model}} 不能再添加参考图；请先移除一张。',
    needFirst: '首尾帧视频需要两帧：请再添加首帧。',
    remixGone: '该视频已不在看板上，无法二次创作。'
  },
  frame: {
    extract: '提取当前帧为图片',
    extracting: '正在提取帧…',
    extracted: '第 {{time}} 秒的帧已加入图库。',
    failed: '无法提取帧：{{message}}',
    tainted: '无法在此读取该视频的帧：它来自其他来源。',
    notLoaded: '无法加载视频以读取帧。'
  }
}
