/**
 * Answers as chat models write them (steps with code, tables, math, footnotes, nested lists, links,
 * CJK text), for the peer-parity test. Written for that test: no answer is copied from a model.
 */
export const ANSWERS: Readonly<Record<string, string>> = {
  steps: `Here's how to set it up:

1. Install the package:

   \`\`\`bash
   npm install --save left-pad
   \`\`\`

2. Import it in your module:

   \`\`\`ts
   import leftPad from 'left-pad'
   \`\`\`

   > **Note:** the default export is a function.

3. Call it:
   - with a string
   - with a number (converted first)

That's it!`,
  python: `Use a decorator:

\`\`\`python
@functools.lru_cache(maxsize=None)
def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(f"{fib(30)=}")
\`\`\`

The \`@functools.lru_cache\` line memoizes **every** call.`,
  table: `| Option | Type | Default | Notes |
|:-------|:----:|--------:|-------|
| \`--depth\` | \`int\` | \`1\` | How deep to go |
| \`--filter\` | \`a \\| b\` | — | Either *a* or **b** |
| \`--dry-run\` | flag | off | ~~deprecated~~ use \`--plan\` |

Pick the one you need.`,
  nested: `Overview:

* Frontend
    * React
    * Vite
* Backend
  - Node.js
  - SQLite

+ A new list starts here
+ because the marker changed`,
  mathInline: `The energy is $E = mc^2$, where $m$ is the mass and $c \\approx 3 \\times 10^8\\,\\text{m/s}$.`,
  mathDisplay: `The integral:

$$
\\int_0^1 x^2\\,dx = \\left[\\frac{x^3}{3}\\right]_0^1 = \\frac{1}{3}
$$

and the sum $\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$.`,
  quoteList: `> Tips:
> 1. Keep functions small
> 2. Name things well
>
> — *Clean Code*`,
  tasks: `Checklist:

- [x] Write tests
- [ ] Update the changelog
- [ ] Tag the release`,
  links: `See the docs at https://example.com/docs/intro (section 2), or www.example.org.
Mail support@example.com, or read <https://example.com/a_b_c>.
A [reference link][ref] and an [inline one](https://example.com/x?y=1&z=2 "Title").

[ref]: https://example.com/ref`,
  headings: `# Title

Some intro.

## Section *one*

Text under it.
Setext heading
--------------

### Deep \`code\` heading`,
  breaks: `Line one with two spaces  
line two with a backslash\\
line three.

Soft
wrapped line.`,
  ordered: `3. third
4. fourth
10. tenth

1) paren style
2) again`,
  footnotes: `Rust is fast[^1] and safe[^safety].

[^1]: Comparable to C++.
[^safety]: Memory safety without a garbage collector.`,
  fences: `~~~markdown
\`\`\`js
console.log('inside')
\`\`\`
~~~

\`\`\`\`
\`\`\` not a fence end
\`\`\`\``,
  snake: `Use my_variable_name or __init__ and 2*3*4 = 24, but *this* is italic and __this__ is bold.`,
  escapes: `\\*not italic\\*, \\# not a heading, a \\\\ backslash, \\$5 price, &copy; 2024 &mdash; &amp; more &#x1F600;`,
  strike: `~~old~~ new, ~one tilde~ and a lone ~ tilde.`,
  image: `![diagram](https://example.com/d.png "Architecture")

Text after.`,
  json: `\`\`\`json
{
  "name": "studio",
  "version": "1.0.0",
  "scripts": { "test": "vitest" }
}
\`\`\``,
  indentedInList: `- item with indented code:

        const x = 1

- next item`,
  emphasisMix: `***bold italic***, **\`**kwargs\`**, *a **b** c*, **a *b* c**, _under_score_, **bold**text`,
  cjk: `这是一个**重要**的提示。

1. 第一步：安装依赖
2. 第二步：运行 \`npm start\`

| 名称 | 说明 |
| --- | --- |
| 模型 | 生成文本 |`,
  hr: `Before

---

***

After
___`,
  html: `Use <br> to break, and <div>blocks</div> are text. Also a < b > c.`,
  looseTight: `- tight one
- tight two

- loose after blank
- still same list`,
  codeInTable: `| Command | What |
| --- | --- |
| \`git log --oneline\` | short history |
| \`grep -n "x" file\` | find lines |`,
  mathAndMoney: `It costs $5 and the sale price is $3. With math: $x^2$.`,
  blockMathInList: `1. Start from

   $$
   a^2 + b^2 = c^2
   $$

2. Then solve for $c$.`,
  autolinkPunct: `Visit https://example.com/path_(with)_parens. Or (https://example.com/in-parens).`,
  longCode: `\`\`\`typescript
type Result<T> = { ok: true; value: T } | { ok: false; error: string }
const re = /\\/\\*.*?\\*\\//g // a regex with /* inside
export function parse(s: string): Result<number> {
  const n = Number(s)
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: \`bad: \${s}\` }
}
\`\`\``,
  quoteCode: `> Quoted explanation:
>
> \`\`\`sql
> SELECT * FROM t WHERE a > 1;
> \`\`\`
>
> > Nested quote with **bold**.`,
  listFence: `- \`\`\`js
  const a = 1
  \`\`\`
- second`,
  raggedTable: `| a | b | c |
|---|---|---|
| 1 | 2 |
| 1 | 2 | 3 | 4 |
| \`x\\|y\` | **z** | |`,
  linkForms: `**[bold link](https://example.com)**, [paren url](https://en.wikipedia.org/wiki/Foo_(bar)), [empty]() and [rel](./docs/a.md).`,
  noBlankBefore: `## Steps
- one
- two
Text:
1. first
2. second
Paragraph
2. not a list`,
  comments: `<!-- hidden? -->
Visible text <span style="color:red">red</span>.`,
  unicode: `Emoji 🎉 and RTL مرحبا, combining é, ZWJ 👩‍💻, and fullwidth ＡＢＣ.`,
  alignedMath: `$$
\\begin{aligned}
f(x) &= (x+1)^2 \\\\
     &= x^2 + 2x + 1
\\end{aligned}
$$`,
  mathInTable: `| Symbol | Meaning |
| --- | --- |
| $\\alpha_1$ | first angle |
| $x_1 + y_2$ | a _sum_ |`,
  fenceMeta: `\`\`\`python title="main.py" {1,3}
print("hi")
\`\`\``,
  deepNest: `1. Level one
   1. Level two
      - Level three
        - Level four with \`code\`
2. Back to one`,
  starsInCode: `Run \`ls ***\` or \`a*b*c\`, then *emphasis* and \`**not bold**\`.`,
  plusAndParen: `+ plus item
+ another

1) first
2) second`,
  trailingHashes: `## Heading with trailing hashes ##
#NoSpace is text
####### seven is text`,
  bareEmail: `Write to first.last+tag@sub.example.co.uk or visit http://localhost:3000/path?q=1#frag.`,
  escapedPipeOutsideCode: `| expr | value |
| --- | --- |
| a \\| b | true |`,
  inlineDisplayMath: `Inline display $$x = y$$ inside a sentence.`,
  htmlEntitiesInCode: `\`&amp;\` stays, &lt;tag&gt; decodes, and \`<div>\` is code.`
}
