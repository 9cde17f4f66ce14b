// Child of the migration kill test: opens the gallery of argv[2] (which imports a JSON index),
// prints "open" and exits. The parent SIGKILLs it at random moments of that import.
import { MediaLibrary } from '../../files/media'
import { GalleryStore } from '../../images/gallery-store'

const store = await GalleryStore.open({ dataDir: process.argv[2], media: new MediaLibrary('/media/') })
process.stdout.write(`open ${store.size}\n`)
store.close()
