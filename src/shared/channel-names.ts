/**
 * GENERATED from src/shared/contract.ts by scripts/gen-channel-names.ts: do not edit, run
 * `npm run gen:channels` after changing the contract (scripts/channel-names.test.ts fails until then).
 *
 * The invoke and upload channel NAMES without their schemas (no zod), for code on the Electron
 * start path that only registers handlers (electron/ipc.ts, electron/upload-ipc.ts) and for the
 * renderer's client (lib/studio.ts): importing contract.ts there would load zod and every schema
 * before the window opens (T2) or before the page is interactive (T1).
 * Keep this file free of imports.
 */
export const INVOKE_CHANNEL_NAMES = [
  'app:get-info',
  'settings:get',
  'settings:update',
  'app:get-notices',
  'profiles:list',
  'profiles:add',
  'profiles:update',
  'profiles:set-names',
  'profiles:import-names',
  'profiles:remove',
  'profiles:select',
  'profiles:test-connection',
  'profiles:discover-models',
  'balance:get-usage',
  'balance:get-billing',
  'balance:get-history',
  'balance:get-spending',
  'balance:get-settings',
  'balance:update-settings',
  'balance:preflight',
  'balance:job-cost',
  'chat:list-models',
  'chat:list-conversations',
  'chat:get-conversation',
  'chat:create-conversation',
  'chat:update-conversation',
  'chat:delete-conversation',
  'chat:duplicate-conversation',
  'chat:branch-conversation',
  'chat:send',
  'chat:send-tool-results',
  'chat:complete-text',
  'chat:stop',
  'chat:export-conversation',
  'chat:list-presets',
  'chat:save-preset',
  'chat:delete-preset',
  'chat:start-compare',
  'chat:list-compares',
  'chat:settle-compare',
  'files:pick',
  'files:release',
  'images:generate',
  'images:submit-native',
  'images:edit',
  'images:list-jobs',
  'images:list-gallery',
  'images:search-gallery',
  'images:get-item',
  'images:update-item',
  'images:delete-item',
  'images:delete-items',
  'images:export-item',
  'images:protect-outside-mask',
  'video:create',
  'video:remix',
  'video:list',
  'video:search',
  'video:get',
  'video:remove',
  'video:retry-download',
  'video:check-now',
  'video:open-file',
  'video:submit-again',
  'video:assets-create-group',
  'video:assets-import',
  'video:assets-list',
  'video:assets-refresh',
  'compare:start-run',
  'compare:list-runs',
  'compare:keep-cell',
  'lineage:get',
  'lineage:extract-frame',
  'prompts:history',
  'prompts:delete-history',
  'prompts:list-saved',
  'prompts:save',
  'prompts:delete',
  'prompts:export',
  'prompts:import',
  'library:list-backups',
  'library:back-up',
  'library:restore'
] as const

export const UPLOAD_CHANNEL_NAMES = [
  'files:upload'
] as const

export const EVENT_NAMES_LIST = [
  'settings:changed',
  'app:notices-changed',
  'profiles:changed',
  'balance:usage-updated',
  'balance:history-changed',
  'balance:low-balance',
  'balance:limit-hold',
  'chat:stream-delta',
  'chat:stream-ended',
  'chat:conversations-changed',
  'images:job-updated',
  'images:gallery-changed',
  'video:task-updated',
  'video:tasks-removed',
  'video:assets-changed',
  'video:notice',
  'video:open-requested',
  'prompts:changed',
  'compare:run-updated'
] as const

export type InvokeChannelName = (typeof INVOKE_CHANNEL_NAMES)[number]
export type UploadChannelName = (typeof UPLOAD_CHANNEL_NAMES)[number]
export type EventNameFromList = (typeof EVENT_NAMES_LIST)[number]
