export type ImageFormat = 'png' | 'jpeg' | 'webp'

export const IMAGE_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'webp']
