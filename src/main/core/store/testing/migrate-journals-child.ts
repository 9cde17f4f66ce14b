// Child of the journal migration kill test: opens the image and video journals, the assets, the
// balance snapshots and the generation log of argv[2] (each imports its JSON store), prints their
// sizes and exits. The parent SIGKILLs it at random moments of those imports.
import { join } from 'node:path'
import { listAssets, loadAssets } from '../../assets/asset-table'
import { GenerationLog } from '../../balance/generation-log'
import { SnapshotStore } from '../../balance/snapshot-store'
import { JobJournal } from '../../images/job-journal'
import { TaskJournal } from '../../video/task-journal'
import { openLibrary } from '../library-db'

export async function openJournals(dataDir: string, notice: (m: string) => void = () => {}) {
  const jobs = await JobJournal.open(dataDir, notice)
  const tasks = await TaskJournal.open(dataDir, notice)
  const lib = openLibrary(dataDir, notice)
  await loadAssets(lib, join(dataDir, 'video', 'assets.json'))
  const assets = listAssets(lib, 'p')
  const snapshots = await SnapshotStore.open(dataDir, notice)
  const generations = await GenerationLog.open(dataDir, notice)
  return {
    jobs,
    tasks,
    assets,
    snapshots,
    generations,
    close() {
      generations.close()
      snapshots.close()
      lib.release()
      tasks.close()
      jobs.close()
    }
  }
}

if (process.argv[2]) {
  const j = await openJournals(process.argv[2])
  process.stdout.write(
    `open ${j.jobs.all().length} ${j.tasks.size} ${j.assets.assets.length} ${j.snapshots.list('p').length} ${j.generations.list().length}\n`
  )
  j.close()
}
