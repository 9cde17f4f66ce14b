// The image job journal as committed in the library database, read the way a test inspects a
// file on disk: through its own handle, released at once.
import { openLibrary } from '../../store/library-db'
import type { JobRecord } from '../job-journal'

export function committedJobs(dataDir: string): JobRecord[] {
  const lib = openLibrary(dataDir)
  try {
    const table = lib.get("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'image_jobs'")
    return table
      ? lib.all<{ record: string }>('SELECT record FROM image_jobs').map((r) => JSON.parse(r.record) as JobRecord)
      : []
  } finally {
    lib.release()
  }
}
