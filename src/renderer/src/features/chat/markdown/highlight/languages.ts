/**
 * Just enough of each common language for a tokenizer to colour comments, strings, numbers and
 * keywords. Written here rather than bundling a highlighter: it is a few KB instead of hundreds,
 * runs synchronously in one linear pass (no worker, no lazy grammar fetch, nothing from the network),
 * and produces plain tokens the renderer turns into spans (no HTML strings, so nothing to sanitise).
 */

export interface LanguageDef {
  keywords: ReadonlySet<string>
  literals: ReadonlySet<string>
  lineComments: readonly string[]
  blockComments: readonly (readonly [string, string])[]
  quotes: readonly string[]
  /** Triple-quoted strings (Python). */
  tripleQuotes?: boolean
  /** `key:` at the start of a line is a property (YAML), `"key":` is a property (JSON). */
  properties?: 'yaml' | 'json'
  /** `$name` is a variable (shells, PHP). */
  dollarVariables?: boolean
  caseInsensitive?: boolean
}

const words = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean))

const C_LIKE_LITERALS = words('true false null NULL nullptr')
const JS_KEYWORDS = words(
  'async await break case catch class const continue debugger default delete do else export extends finally for from function get if import in instanceof let new of return set static super switch this throw try typeof var void while with yield as type interface enum implements namespace declare readonly private protected public abstract satisfies keyof infer is'
)

const javascript: LanguageDef = {
  keywords: JS_KEYWORDS,
  literals: words('true false null undefined NaN Infinity'),
  lineComments: ['//'],
  blockComments: [['/*', '*/']],
  quotes: ['"', "'", '`']
}

const python: LanguageDef = {
  keywords: words('and as assert async await break class continue def del elif else except finally for from global if import in is lambda match case nonlocal not or pass raise return try while with yield print self'),
  literals: words('True False None'),
  lineComments: ['#'],
  blockComments: [],
  quotes: ['"', "'"],
  tripleQuotes: true
}

const shell: LanguageDef = {
  keywords: words('if then else elif fi for while until do done case esac function in return export local readonly set unset echo cd exit source alias sudo'),
  literals: words('true false'),
  lineComments: ['#'],
  blockComments: [],
  quotes: ['"', "'"],
  dollarVariables: true
}

const cFamily = (extra: string): LanguageDef => ({
  keywords: words(
    'auto break case char const continue default do double else enum extern float for goto if int long register return short signed sizeof static struct switch typedef union unsigned void volatile while class public private protected virtual template typename namespace using new delete try catch throw bool this ' +
      extra
  ),
  literals: C_LIKE_LITERALS,
  lineComments: ['//'],
  blockComments: [['/*', '*/']],
  quotes: ['"', "'"]
})

const go: LanguageDef = {
  keywords: words('break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var string int int64 float64 bool error byte rune any'),
  literals: words('true false nil iota'),
  lineComments: ['//'],
  blockComments: [['/*', '*/']],
  quotes: ['"', "'", '`']
}

const rust: LanguageDef = {
  keywords: words('as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait type unsafe use where while i32 i64 u8 u32 u64 usize f32 f64 bool str String Vec Option Result Some None Ok Err'),
  literals: words('true false'),
  lineComments: ['//'],
  blockComments: [['/*', '*/']],
  quotes: ['"']
}

const sql: LanguageDef = {
  keywords: words(
    'select from where and or not insert into values update set delete create table drop alter add index primary key foreign references join left right inner outer full on group by order having limit offset as distinct union all case when then else end is in like between exists default constraint unique view with returning'
  ),
  literals: words('true false null'),
  lineComments: ['--'],
  blockComments: [['/*', '*/']],
  quotes: ["'", '"'],
  caseInsensitive: true
}

const css: LanguageDef = {
  keywords: words('important media import supports keyframes font-face root from to'),
  literals: words(''),
  lineComments: [],
  blockComments: [['/*', '*/']],
  quotes: ['"', "'"]
}

const json: LanguageDef = { keywords: words(''), literals: words('true false null'), lineComments: [], blockComments: [], quotes: ['"'], properties: 'json' }

const yaml: LanguageDef = { keywords: words(''), literals: words('true false null yes no on off ~'), lineComments: ['#'], blockComments: [], quotes: ['"', "'"], properties: 'yaml' }

const markup: LanguageDef = { keywords: words(''), literals: words(''), lineComments: [], blockComments: [['<!--', '-->']], quotes: ['"', "'"] }

const LANGUAGES: Record<string, LanguageDef> = {
  js: javascript,
  javascript,
  jsx: javascript,
  mjs: javascript,
  ts: javascript,
  typescript: javascript,
  tsx: javascript,
  py: python,
  python,
  sh: shell,
  bash: shell,
  shell,
  zsh: shell,
  console: shell,
  c: cFamily(''),
  h: cFamily(''),
  cpp: cFamily('constexpr auto override final noexcept std'),
  'c++': cFamily('constexpr auto override final noexcept std'),
  cs: cFamily('var string object readonly override async await foreach in out ref base is as internal sealed'),
  csharp: cFamily('var string object readonly override async await foreach in out ref base is as internal sealed'),
  java: cFamily('extends implements import package final boolean interface abstract synchronized throws instanceof var record String'),
  kotlin: cFamily('fun val var when is in object data sealed override open companion import package'),
  swift: cFamily('func let var guard import struct protocol extension self nil init inout some'),
  go,
  golang: go,
  rust,
  rs: rust,
  sql,
  css,
  scss: css,
  json,
  jsonc: json,
  yaml,
  yml: yaml,
  html: markup,
  xml: markup,
  svg: markup
}

export function languageDef(lang: string): LanguageDef | undefined {
  return LANGUAGES[lang.toLowerCase()]
}
