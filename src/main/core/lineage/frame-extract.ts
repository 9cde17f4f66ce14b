import type { GalleryItem } from '@shared/domain/images'
import { FRAME_MAX_SIDE, FRAME_MIN_SIDE } from '@shared/domain/lineage'
import type { VideoTask } from '@shared/domain/video'
import { StudioError } from '@shared/errors'
import { sniffImage } from '@shared/media/sniff'
import type { FileGrants } from '../files/grants'
import type { StoredItem } from '../images/gallery-index'
import type { GalleryStore } from '../images/gallery-store'
import { writeResultBytes, fileFields } from '../images/result-files'
import { frameLink } from './derive'
import type { LineageStore } from './lineage-store'

export interface FrameDeps {
  gallery: Pick<GalleryStore, 'libraryDir' | 'newId' | 'add'>
  video: { get(id: string): VideoTask }
  files: Pick<FileGrants, 'get' | 'readBytes' | 'release'>
  lineage: Pick<LineageStore, 'link'>
}

const refuse = (field: string, message: string) => new StudioError('INVALID_INPUT', message, { field })

/**
 * A frame of a finished video into the gallery. The page draws the player's current frame into a
 * canvas and uploads its PNG (the page never writes the library); the host checks the upload is a
 * real PNG of a sane size before it becomes a gallery image, which then links to its video.
 */
export async function extractFrame(
  d: FrameDeps,
  input: { videoId: string; fileId: string; atSeconds: number }
): Promise<GalleryItem> {
  const granted = d.files.get(input.fileId)
  try {
    const task = d.video.get(input.videoId)
    if (task.state !== 'succeeded' || !task.result)
      throw refuse('videoId', 'Only a finished, downloaded video has frames to extract.')
    if (granted.purpose !== 'video-frame') throw refuse('fileId', 'That file was not uploaded as a video frame.')
    const bytes = await d.files.readBytes(input.fileId)
    const png = sniffImage(bytes)
    if (!png || png.format !== 'png') throw refuse('fileId', 'The frame is not a PNG image.')
    if (
      png.width < FRAME_MIN_SIDE ||
      png.height < FRAME_MIN_SIDE ||
      png.width > FRAME_MAX_SIDE ||
      png.height > FRAME_MAX_SIDE
    ) {
      throw refuse(
        'fileId',
        `The frame is ${png.width}x${png.height}; a frame is between ${FRAME_MIN_SIDE} and ${FRAME_MAX_SIDE} pixels on each side.`
      )
    }
    const id = d.gallery.newId()
    const file = await writeResultBytes(d.gallery.libraryDir, id, bytes)
    const at = Math.round(input.atSeconds * 1000) / 1000
    const item: StoredItem = {
      ...fileFields(id, file),
      origin: 'frame',
      profileId: task.profileId,
      model: task.returnedModel ?? task.model,
      prompt: task.prompt,
      params: { fromVideo: task.id, atSeconds: at },
      favorite: false
    }
    const [view] = await d.gallery.add([item])
    d.lineage.link([frameLink(id, task.id, at)])
    return view
  } finally {
    // The upload was only the way in: the gallery holds its own copy now (or nothing, on refusal).
    await d.files.release(input.fileId).catch(() => {})
  }
}
