/**
 * Two times live here. Wall time (real Unix ms) is what the gateway reports in timestamps, so a
 * client can compare it with its own clock. Task time runs `speed` times faster than wall time (plus
 * any manual `advance`), and drives task progress, result-URL lifetimes and stream pacing, so tests
 * never wait minutes.
 */
export class SandboxClock {
  private readonly t0: number
  private offsetMs = 0

  constructor(
    readonly speed: number,
    private readonly wallNow: () => number = Date.now
  ) {
    if (!(speed > 0) || !Number.isFinite(speed)) throw new Error(`speed must be a positive number, got ${speed}`)
    this.t0 = wallNow()
  }

  wallMs(): number {
    return this.wallNow()
  }

  wallSec(): number {
    return Math.floor(this.wallNow() / 1000)
  }

  taskMs(): number {
    return (this.wallNow() - this.t0) * this.speed + this.offsetMs
  }

  /** Jump task time forward (tests use it to finish tasks without waiting at all). */
  advance(taskMs: number): void {
    this.offsetMs += Math.max(0, taskMs)
  }

  /** Real milliseconds for a span of task time. */
  realDelay(taskMs: number): number {
    return taskMs / this.speed
  }
}
