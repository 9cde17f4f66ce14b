import type { StudioBridge } from '@shared/contract'

declare global {
  interface Window {
    /** Provided by the preload (Electron) or the bridge script (browser host); use lib/studio.ts. */
    studio: StudioBridge
  }
}

export {}
