import { useEffect, useRef } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { imagePhase, JobPhases, useAnnouncer, videoPhase, type JobPhase } from '@renderer/lib/announce/announcer'
import { studio } from '@renderer/lib/studio'

/**
 * Image jobs and video tasks, as the host reports them, into the app's live regions: each change
 * of phase once (progress ticks within a phase say nothing), a failure assertively with its reason.
 * Mounted with the shell, so a job that ends while another area is open is still heard. Renders nothing.
 */
export function JobAnnouncements() {
  const { t } = useT()
  // Outlives a language switch (which subscribes again): a phase already said is not said twice.
  const phasesRef = useRef<JobPhases | null>(null)
  useEffect(() => {
    const phases = (phasesRef.current ??= new JobPhases())
    const say = (
      kind: 'image' | 'video',
      key: string,
      phase: JobPhase | null,
      prompt: string,
      reason: string | undefined
    ) => {
      if (!phases.update(`${kind}:${key}`, phase) || phase === null) return
      const values = { kind: t(`announce.${kind}`), name: prompt.trim().slice(0, 80) || t('announce.untitled'), reason }
      if (phase === 'failed')
        useAnnouncer.getState().announce(t(reason ? 'announce.failedWith' : 'announce.failed', values), 'assertive')
      else useAnnouncer.getState().announce(t(`announce.${phase}`, values))
    }
    const offJob = studio.images.onJobUpdated((job) =>
      say('image', job.jobId, imagePhase(job.status), job.prompt ?? job.items[0]?.prompt ?? '', job.error?.message)
    )
    const offTask = studio.video.onTaskUpdated((task) =>
      say('video', task.id, videoPhase(task.state), task.prompt, task.error?.message)
    )
    return () => {
      offJob()
      offTask()
    }
  }, [t])
  return null
}
