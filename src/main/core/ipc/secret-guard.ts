/**
 * Knows every key the host holds, so nothing leaving the host (bridge messages, logs, error
 * messages) can carry one. Keys are registered when loaded and forgotten when removed.
 */
export class SecretGuard {
  private readonly secrets = new Set<string>()

  /** Keys shorter than this are not tracked: they would match ordinary text. */
  static readonly MIN_LENGTH = 8

  add(secret: string | undefined | null): void {
    if (secret && secret.length >= SecretGuard.MIN_LENGTH) this.secrets.add(secret)
  }

  remove(secret: string | undefined | null): void {
    if (secret) this.secrets.delete(secret)
  }

  /** True when the text contains a known key. */
  leaks(text: string): boolean {
    for (const s of this.secrets) if (text.includes(s)) return true
    return false
  }

  /** Replaces every known key, and anything shaped like a bearer key, with a marker. */
  scrub(text: string): string {
    let out = text
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join('[key hidden]')
    return out.replace(/\b(sk-[A-Za-z0-9_-]{6})[A-Za-z0-9_-]{10,}/g, '$1…[key hidden]')
  }
}
