/**
 * The app's identity, read from package.json (its one source; electron-builder.config.cjs reads the
 * same fields). Electron itself names the app from `productName` ("You should usually also specify a
 * productName field, which is your application's full capitalized name, and which will be preferred
 * over name by Electron": app.getName docs), which names the userData folder ("the appData directory
 * appended with your app's name"), the Linux keyring item ("<name> Safe Storage") and the macOS
 * Keychain item. Without it they would all be "generation-studio".
 */
import { appId, productName } from '../../../package.json'

export const PRODUCT_NAME: string = productName
/** electron-builder's appId: the Windows AppUserModelID its installer gives the Start-menu shortcut. */
export const APP_ID: string = appId
