// Packaging (`npm run dist`). The fuses are flipped at package time, before signing, so the OS
// signature check keeps them from being flipped back (SECURITY.md B1). The binary cannot be built
// on machines without the Electron download; electron-builder.config.test.ts checks this object.
// The app's identity has one source, package.json: Electron names the app (and so the userData
// folder and the keychain item) from its `productName`, and the shell sets the Windows app id from its
// `appId` (src/main/electron/app-identity.ts), which must equal the installer shortcut's.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS config reads JSON with require
const { appId, productName } = require('./package.json')

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId,
  productName,
  directories: { output: 'dist', buildResources: 'resources' },
  // Only the built app goes in: sources, tests and the sandbox CLI stay out of the package.
  files: ['out/**/*', 'package.json', '!**/*.map'],
  asar: true,
  // Native modules must live outside the archive to be loadable: sharp ships binaries, better-sqlite3
  // (the library database) is compiled.
  asarUnpack: ['**/node_modules/sharp/**', '**/node_modules/@img/**', '**/node_modules/better-sqlite3/**'],
  // better-sqlite3 is built for Node by `npm ci`; packaging rebuilds it for Electron's ABI, from its
  // bundled SQLite source (no prebuilt download, same as the .prebuild-installrc of `npm ci`).
  npmRebuild: true,
  buildDependenciesFromSource: true,
  nativeRebuilder: 'sequential',
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false
  },
  mac: { category: 'public.app-category.graphics-design', hardenedRuntime: true, target: ['dmg'] },
  win: { target: ['nsis'] },
  linux: { target: ['AppImage'], category: 'Graphics' },
  // No auto-update channel is configured: nothing is published from a build.
  publish: null
}
