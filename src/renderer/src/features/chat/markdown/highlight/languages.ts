/**
 * The languages code fences are coloured in: highlight.js grammars (through lowlight), each its
 * own chunk, imported the first time a fence in that language is shown. Listed by hand (not a
 * glob over highlight.js's ~190) so the build holds only what chat answers use; anything else is
 * shown plain.
 */
import type { LanguageFn } from 'highlight.js'

type Loader = () => Promise<{ default: LanguageFn }>

export const GRAMMARS: Readonly<Record<string, Loader>> = {
  ada: () => import('highlight.js/lib/languages/ada'),
  apache: () => import('highlight.js/lib/languages/apache'),
  arduino: () => import('highlight.js/lib/languages/arduino'),
  awk: () => import('highlight.js/lib/languages/awk'),
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  clojure: () => import('highlight.js/lib/languages/clojure'),
  cmake: () => import('highlight.js/lib/languages/cmake'),
  coffeescript: () => import('highlight.js/lib/languages/coffeescript'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  crystal: () => import('highlight.js/lib/languages/crystal'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  dart: () => import('highlight.js/lib/languages/dart'),
  delphi: () => import('highlight.js/lib/languages/delphi'),
  diff: () => import('highlight.js/lib/languages/diff'),
  django: () => import('highlight.js/lib/languages/django'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  dos: () => import('highlight.js/lib/languages/dos'),
  elixir: () => import('highlight.js/lib/languages/elixir'),
  elm: () => import('highlight.js/lib/languages/elm'),
  erlang: () => import('highlight.js/lib/languages/erlang'),
  fortran: () => import('highlight.js/lib/languages/fortran'),
  fsharp: () => import('highlight.js/lib/languages/fsharp'),
  gherkin: () => import('highlight.js/lib/languages/gherkin'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  groovy: () => import('highlight.js/lib/languages/groovy'),
  handlebars: () => import('highlight.js/lib/languages/handlebars'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  http: () => import('highlight.js/lib/languages/http'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  julia: () => import('highlight.js/lib/languages/julia'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  latex: () => import('highlight.js/lib/languages/latex'),
  less: () => import('highlight.js/lib/languages/less'),
  lisp: () => import('highlight.js/lib/languages/lisp'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  matlab: () => import('highlight.js/lib/languages/matlab'),
  nginx: () => import('highlight.js/lib/languages/nginx'),
  nix: () => import('highlight.js/lib/languages/nix'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  ocaml: () => import('highlight.js/lib/languages/ocaml'),
  perl: () => import('highlight.js/lib/languages/perl'),
  pgsql: () => import('highlight.js/lib/languages/pgsql'),
  php: () => import('highlight.js/lib/languages/php'),
  plaintext: () => import('highlight.js/lib/languages/plaintext'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  prolog: () => import('highlight.js/lib/languages/prolog'),
  properties: () => import('highlight.js/lib/languages/properties'),
  protobuf: () => import('highlight.js/lib/languages/protobuf'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scala: () => import('highlight.js/lib/languages/scala'),
  scheme: () => import('highlight.js/lib/languages/scheme'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  tcl: () => import('highlight.js/lib/languages/tcl'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  vbnet: () => import('highlight.js/lib/languages/vbnet'),
  verilog: () => import('highlight.js/lib/languages/verilog'),
  vhdl: () => import('highlight.js/lib/languages/vhdl'),
  vim: () => import('highlight.js/lib/languages/vim'),
  wasm: () => import('highlight.js/lib/languages/wasm'),
  x86asm: () => import('highlight.js/lib/languages/x86asm'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml')
}

/** Names models put after the fence, to the grammar that reads them. */
const ALIASES: Readonly<Record<string, string>> = {
  sh: 'bash', zsh: 'bash', shellscript: 'bash', console: 'shell', 'shell-session': 'shell',
  h: 'c', 'c++': 'cpp', cc: 'cpp', cxx: 'cpp', hpp: 'cpp', cs: 'csharp', 'c#': 'csharp',
  clj: 'clojure', docker: 'dockerfile', ex: 'elixir', exs: 'elixir', erl: 'erlang', 'f#': 'fsharp', fs: 'fsharp',
  golang: 'go', gql: 'graphql', gradle: 'groovy', hs: 'haskell', toml: 'ini', cfg: 'ini', conf: 'ini',
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript', node: 'javascript',
  jsonc: 'json', json5: 'json', jl: 'julia', kt: 'kotlin', kts: 'kotlin', tex: 'latex',
  elisp: 'lisp', mk: 'makefile', make: 'makefile', md: 'markdown', objc: 'objectivec', 'objective-c': 'objectivec',
  ml: 'ocaml', pl: 'perl', postgres: 'pgsql', postgresql: 'pgsql', text: 'plaintext', txt: 'plaintext', plain: 'plaintext',
  ps: 'powershell', ps1: 'powershell', pwsh: 'powershell', proto: 'protobuf', py: 'python', python3: 'python', py3: 'python',
  rb: 'ruby', rs: 'rust', sc: 'scala', rkt: 'scheme', racket: 'scheme', mysql: 'sql', sqlite: 'sql', plsql: 'sql',
  ts: 'typescript', tsx: 'typescript', mts: 'typescript', cts: 'typescript', vb: 'vbnet', sv: 'verilog', systemverilog: 'verilog',
  vimscript: 'vim', wat: 'wasm', asm: 'x86asm', nasm: 'x86asm', html: 'xml', htm: 'xml', svg: 'xml', xhtml: 'xml', vue: 'xml',
  yml: 'yaml', csv: 'plaintext',
  bat: 'dos', batch: 'dos', cmd: 'dos', ino: 'arduino', coffee: 'coffeescript', htaccess: 'apache', cr: 'crystal',
  pascal: 'delphi', pas: 'delphi', jinja: 'django', jinja2: 'django', f90: 'fortran', f95: 'fortran', feature: 'gherkin',
  hbs: 'handlebars', mustache: 'handlebars', gawk: 'awk', tk: 'tcl', vhd: 'vhdl'
}

/** The grammar for a fence's language name, or null when it has none (shown plain). */
export function grammarName(lang: string): string | null {
  const name = lang.trim().toLowerCase()
  if (Object.hasOwn(GRAMMARS, name)) return name
  const alias = Object.hasOwn(ALIASES, name) ? ALIASES[name] : undefined
  return alias ?? null
}
