/**
 * Electron's main-process Notification, as Electron 45 documents it (https://www.electronjs.org/docs/latest/api/notification and the
 * electron 45.4.1 typings), with the OS side scripted by the test: whether the OS shows the toast or
 * fails, when Windows times it out into the Action Center, and when the user clicks or dismisses it.
 */
import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { ActivationArguments, NotificationConstructorOptions } from 'electron'

/** What the scripted OS does with the next show(). */
export type OsBehaviour = 'shows' | 'fails' | 'silent'

type Activation = (details: ActivationArguments) => void

export class FakeNotification extends EventEmitter {
  /** "Whether or not desktop notifications are supported on the current system." */
  static supported = true
  static os: OsBehaviour = 'shows'
  /** Every notification constructed, newest last. */
  static made: FakeNotification[] = []
  /** handleActivation exists only where Electron has it ("_Windows_"); tests delete it for other platforms. */
  static activationHandler: Activation | null = null
  private static pendingActivation: ActivationArguments | null = null

  static isSupported(): boolean {
    return FakeNotification.supported
  }

  /**
   * "Registers a callback to handle all notification activations ... If an activation already occurred
   * before calling this method, the callback is invoked immediately with those details. ... The callback
   * remains registered until replaced by another call to handleActivation."
   */
  static handleActivation(callback: Activation): void {
    FakeNotification.activationHandler = callback
    const pending = FakeNotification.pendingActivation
    FakeNotification.pendingActivation = null
    if (pending) callback(pending)
  }

  static reset(): void {
    FakeNotification.supported = true
    FakeNotification.os = 'shows'
    FakeNotification.made = []
    FakeNotification.activationHandler = null
    FakeNotification.pendingActivation = null
  }

  /** "A string property representing the unique identifier of the notification ... from the id option or as a generated UUID." */
  readonly id: string
  showCalls = 0
  closeCalls = 0

  constructor(readonly options: NotificationConstructorOptions = {}) {
    super()
    // "Defaults to a random UUID if not provided or if an empty string is passed."
    this.id = options.id ? options.id : randomUUID()
    FakeNotification.made.push(this)
  }

  /**
   * "Immediately shows the notification to the user." The OS answers later: 'show' is "Emitted when the
   * notification is shown to the user"; 'failed' is "Emitted when an error is encountered while creating
   * and showing the native notification" (its listener gets `(event, error)`). Neither is synchronous with
   * show(): Windows and macOS post the answer back to the UI thread.
   */
  show(): void {
    this.showCalls++
    const os = FakeNotification.os
    queueMicrotask(() => {
      if (os === 'shows') this.emit('show', { preventDefault() {}, defaultPrevented: false })
      else if (os === 'fails')
        this.emit(
          'failed',
          { preventDefault() {}, defaultPrevented: false },
          'Toast Notification was dropped without being displayed to the user.'
        )
    })
  }

  /** "Dismisses the notification." On Windows it emits 'close' only if no close was emitted before. */
  close(): void {
    this.closeCalls++
  }

  /**
   * Windows times the toast out: "the close event can be emitted in one of three ways: programmatic
   * dismissal ..., by the user closing the notification, or via system timeout. If a notification is in
   * the Action Center after the initial close event is emitted ..." — the toast stays clickable there.
   */
  osTimesOut(): void {
    this.emit('close', { reason: 'timedOut', preventDefault() {}, defaultPrevented: false })
  }

  /** The user dismisses it ('userCanceled'); on macOS and Linux `reason` is absent ("reason _Windows_ (optional)"). */
  userDismisses(reason: 'userCanceled' | undefined = 'userCanceled'): void {
    this.emit('close', { ...(reason ? { reason } : {}), preventDefault() {}, defaultPrevented: false })
  }

  /**
   * The user clicks the toast (on screen or in the Action Center). The instance emits 'click' ("Emitted
   * when the notification is clicked by the user") and, on Windows, the activation callback runs too:
   * "Notification object is still in memory (callback is invoked in addition to instance events)". A
   * click on the toast body carries empty activation arguments (Electron's toast XML gives the body no
   * launch arguments; only action and reply buttons carry `type=...&tag=<id>`).
   */
  userClicks(): void {
    this.emit('click', { preventDefault() {}, defaultPrevented: false })
    FakeNotification.activate({ type: 'click', arguments: '' })
  }

  /** A click that reaches only the activation callback (the object was collected, or the app was restarted). */
  static activate(details: ActivationArguments): void {
    if (FakeNotification.activationHandler) FakeNotification.activationHandler(details)
    else FakeNotification.pendingActivation = details
  }
}
