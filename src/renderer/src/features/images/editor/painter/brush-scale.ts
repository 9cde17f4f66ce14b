/**
 * The size slider is logarithmic: 1 to 1024 px on a linear track would leave the small brushes
 * (where precision matters) in the first few pixels of travel.
 */
import { SIZE_MAX, SIZE_MIN, clampSize } from '../state/painter-prefs'

export const SLIDER_STEPS = 200
const SPAN = Math.log(SIZE_MAX / SIZE_MIN)

export function sliderToSize(v: number): number {
  return clampSize(SIZE_MIN * Math.exp((v / SLIDER_STEPS) * SPAN))
}

export function sizeToSlider(size: number): number {
  return Math.round((Math.log(clampSize(size) / SIZE_MIN) / SPAN) * SLIDER_STEPS)
}
