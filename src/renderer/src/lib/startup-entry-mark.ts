/**
 * Imported first by main.tsx, so it runs before any other module of the start chunk: the time
 * between this mark and 'studio:modules' is evaluating the chunk, the time before it is fetching,
 * decoding and compiling it (T1 reads both).
 */
performance.mark('studio:entry')
