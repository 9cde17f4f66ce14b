import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

const alias = {
  '@shared': resolve(import.meta.dirname, 'src/shared'),
  '@renderer': resolve(import.meta.dirname, 'src/renderer/src')
}

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/main/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/sandbox/**/*.test.ts',
            'src/preload/**/*.test.ts',
            'scripts/**/*.test.ts',
            'security/**/*.test.ts'
          ],
          // electron-store imports electron itself; inlined, it sees the tests' vi.mock('electron') instead of the missing binary.
          server: { deps: { inline: ['electron-store'] } },
          testTimeout: 20_000
        }
      },
      {
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src/renderer/src/testing/setup.ts'],
          testTimeout: 20_000
        }
      }
    ]
  }
})
