/**
 * An Electron event object: `Event<Params> = { preventDefault(), readonly defaultPrevented } & Params`
 * (electron 45 typings); the listener may cancel the default action.
 */
export function fakeEvent<T extends object>(fields: T): T & { defaultPrevented: boolean; preventDefault(): void } {
  const e = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      e.defaultPrevented = true
    }
  }
  return e
}
