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
      frame: '第 {{time}} 秒的帧'
    }
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
  },
  drop: {
    tooLarge: '“{{name}}”大小为 {{size}}；此处可用的图片最大 {{limit}}。未上传任何内容。',
    notImage: '“{{name}}”不是图片：无论文件名如何，其内容都不是 PNG、JPEG 或 WebP。未上传任何内容。',
    wrongType: '“{{name}}”是 {{type}} 图片；此处只能使用 PNG、JPEG 或 WebP。未上传任何内容。',
    damaged: '“{{name}}”开头像是图片，但文件头已损坏或不完整。未上传任何内容。',
    tooManyPixels: '“{{name}}”为 {{width}}×{{height}} 像素，超过工作室可解码的 {{limit}} 百万像素。未上传任何内容。',
    refused: '无法使用此文件',
    importing: '正在导入“{{name}}”…',
    imported: '“{{name}}”已作为“导入”加入图库。',
    importFailed: '无法导入“{{name}}”：{{message}}',
    galleryHint: '将图片拖到图库即可导入',
    galleryTarget: '图库：将图片拖到此处导入',
    offerLabel: '图片中包含的设置',
    offer: '“{{name}}”由本工作室生成（{{form}}，{{model}}）。可用其提示词和设置重新填写该表单。',
    noModel: '默认模型',
    restore: '恢复这些设置',
    dismiss: '关闭',
    restored: '已将设置恢复到{{form}}。',
    form: { generate: '生成', native: '原生任务', edit: '蒙版编辑' },
    dragItem: '拖到编辑器或视频参考图位置'
  }
}
