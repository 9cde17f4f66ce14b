// Types of eslint.layering.js for the tests that read its tables (scripts/lint-core-zones.test.ts).

export interface RestrictedZone {
  target: string | string[]
  from: string | string[]
  except?: string[]
  message: string
}

export declare const importResolver: unknown
export declare const SHELL_FEATURE: string
export declare const CORE_SHARED: string[]
export declare const CORE_FEATURE_EDGES: Record<string, Array<{ to: string; why: string }>>
export declare const coreFeatures: string[]
export declare const SCAFFOLDING: string[]
export declare const scaffoldingZones: RestrictedZone[]
export declare const layeringZones: RestrictedZone[]
