/**
 * The bench smoke (`npm run bench -- --smoke`, a step of `npm test`): every metric once at its
 * smallest size, to prove that each one still runs and produces a number. It checks that the
 * metrics run, not their ratios: one small sample on a shared CI machine says nothing about a
 * target, so a smoke run never fails on a ratio, only on a row without a number.
 *
 * Read once at module load, so each metric's sizes (and the sizes its row names) are constants.
 */
export const SMOKE = process.argv.includes('--smoke')

/** `full` in a measuring run, `smoke` in the bench smoke. */
export function sized<T>(full: T, smoke: T): T {
  return SMOKE ? smoke : full
}
