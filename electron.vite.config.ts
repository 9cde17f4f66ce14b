import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

const shared = { '@shared': resolve(import.meta.dirname, 'src/shared') }

export default defineConfig({
  main: {
    resolve: { alias: shared },
    build: {
      rolldownOptions: {
        input: {
          // Electron shell entry.
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // Browser-host shell entry: same core, plain Node, never imports electron.
          host: resolve(import.meta.dirname, 'src/main/host/main.ts'),
          // Standalone sandbox gateway (npm run sandbox uses tsx; this is for the built app).
          sandbox: resolve(import.meta.dirname, 'src/sandbox/cli.ts')
        }
      }
    }
  },
  preload: {
    resolve: { alias: shared },
    build: {
      // A sandboxed preload can only require('electron'): bundle everything else into one CJS file.
      externalizeDeps: false,
      rolldownOptions: {
        external: ['electron'],
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false }
      }
    }
  },
  renderer: {
    resolve: { alias: { ...shared, '@renderer': resolve(import.meta.dirname, 'src/renderer/src') } },
    plugins: [react()],
    build: {
      // electron-vite leaves output unminified; the renderer's entry budget (T1) is for minified code.
      minify: true,
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/renderer/index.html'),
          // The browser-host bridge: provides window.studio over a WebSocket. Served only by the browser host.
          bridge: resolve(import.meta.dirname, 'src/renderer/bridge/index.ts')
        },
        output: {
          // Start-up in three parallel requests named by index.html (T1): everything main.tsx reaches
          // statically goes into one 'start' chunk (the automatic split made seven, fetched and
          // compiled one by one). The few shared modules the browser-host bridge also imports go into
          // 'bridge-kit', so bridge.js never imports the app chunk (which would run the app before
          // window.studio exists). Checked on the build by scripts/renderer-build.test.ts.
          advancedChunks: {
            groups: [
              {
                name: 'bridge-kit',
                priority: 2,
                test: /src[\\/]shared[\\/](bridge-wire|channel-names|contract-kit|startup-reads)\.ts$|preload-helper/
              },
              { name: 'start', priority: 1, test: /src[\\/]renderer[\\/]src[\\/]main\.tsx$/ }
            ]
          },
          entryFileNames: (chunk) => (chunk.name === 'bridge' ? 'bridge.js' : 'assets/[name]-[hash].js'),
          // Non-ASCII escaped: one '…' made the whole 500 KB start chunk a two-byte string, decoded
          // from UTF-8 on every launch before V8 could use its cached code (T1-warm); ASCII source
          // is decoded and kept at one byte per character.
          charset: 'ascii'
        }
      }
    }
  }
})
