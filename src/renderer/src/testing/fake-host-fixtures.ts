import type { FileGrant, FilePurpose } from '@shared/domain/files'
import { cloneNames, STANDIN_NAMES } from '@shared/domain/gateway-names-schema'
import type { ProfileView } from '@shared/domain/profiles'
import type { ConnectionReport, KeyUsage } from '@shared/domain/usage'

/** The fake host's ready-made values for renderer tests: profiles, a key's usage, a connection report, upload grants. */

export function sandboxProfile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: 'sandbox',
    name: 'Sandbox',
    baseUrl: 'http://127.0.0.1:41000',
    kind: 'sandbox',
    readOnly: true,
    synthetic: true,
    key: { configured: true, last4: 'sbx1', protection: 'session' },
    displayUnit: { kind: 'quota' },
    names: cloneNames(STANDIN_NAMES),
    ...overrides
  }
}

export function gatewayProfile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: 'p-work',
    name: 'Work gateway',
    baseUrl: 'https://api.example.com',
    kind: 'gateway',
    readOnly: false,
    synthetic: false,
    key: { configured: true, last4: 'k9Zq', protection: 'os' },
    displayUnit: { kind: 'quota' },
    names: cloneNames(STANDIN_NAMES),
    ...overrides
  }
}

export function usage(overrides: Partial<KeyUsage> = {}): KeyUsage {
  return {
    name: 'studio-key',
    totalGranted: 5_000_000,
    totalUsed: 3_765_433,
    totalAvailable: 1_234_567,
    unlimited: false,
    modelLimitsEnabled: false,
    modelLimits: {},
    expiresAt: 0,
    fetchedAt: Date.UTC(2026, 0, 5, 9, 30, 0),
    ...overrides
  }
}

export function report(overrides: Partial<ConnectionReport> = {}): ConnectionReport {
  return { keyName: 'studio-key', state: 'active', usage: usage(), latencyMs: 142, ...overrides }
}

export type UploadHandler = (blob: Blob, meta: { purpose: FilePurpose; name: string }) => FileGrant | Promise<FileGrant>
type GrantFields = Omit<FileGrant, 'name' | 'bytes' | 'mimeType'> & { mimeType?: string }

/**
 * An upload handler that grants each upload under its own name and size (a PNG unless `grant` says
 * otherwise); `grant` gives the id, pixel size and preview, or makes them from the file's name.
 */
export function grantUploads(grant: GrantFields | ((name: string) => GrantFields)): UploadHandler {
  return (blob, meta) => ({
    name: meta.name,
    bytes: blob.size,
    mimeType: 'image/png',
    ...(typeof grant === 'function' ? grant(meta.name) : grant)
  })
}
