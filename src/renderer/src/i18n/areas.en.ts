/**
 * English messages of the areas that are lazy views (images, video's flows and compare boards,
 * the names dialog, the request rules): one chunk, loaded with the first of those views
 * (area-strings.ts), never on the start path (T1).
 */
import { compareRunsEn } from './compare-runs.en'
import { flowsEn } from './flows.en'
import { imagesEn } from './images.en'
import { namesEn } from './names.en'
import { rulesEn } from './rules.en'

export const areasEn = {
  flows: flowsEn,
  compareRuns: compareRunsEn,
  images: imagesEn,
  names: namesEn,
  rules: rulesEn
}

export type AreaMessages = typeof areasEn
