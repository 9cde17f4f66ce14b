/** The words of a host notice in the page's language; pure and tested. */
import type { TFunction } from 'i18next'
import type { VideoNotice } from '@shared/contract/video'

export function noticeText(n: VideoNotice, t: TFunction<'translation'>): { title: string; body: string } {
  const prompt = n.prompt || t('video.form.untitled')
  const values = { prompt, message: n.message ?? '', code: n.code ?? '' }
  switch (n.state) {
    case 'succeeded':
      return { title: t(n.downloadPending ? 'video.notify.pendingTitle' : 'video.notify.succeededTitle'), body: prompt }
    case 'lost':
      return { title: t('video.notify.lostTitle'), body: t('video.notify.lostBody', values) }
    case 'outcome-unknown':
      return { title: t('video.notify.unknownTitle'), body: t('video.notify.unknownBody', values) }
    default:
      return {
        title: t('video.notify.failedTitle'),
        body: t(n.code ? 'video.notify.failedBodyCode' : 'video.notify.failedBody', values)
      }
  }
}
