/** The `commonmark-spec` package (plain CommonJS, no types of its own). */
declare module 'commonmark-spec' {
  const spec: {
    text: string
    tests: Array<{ markdown: string; html: string; section: string; number: number }>
  }
  export default spec
}
