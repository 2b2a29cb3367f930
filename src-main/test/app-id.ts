// The Electron adapter cannot be imported without mocking `electron`; its constant is mirrored
// here and compared with the adapter's source so the two cannot drift apart.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const source = readFileSync(join(__dirname, '..', 'electron-platform.ts'), 'utf8')
export const APP_ID_FOR_TESTS = /APP_ID = '([^']+)'/.exec(source)?.[1] ?? '(APP_ID not found in electron-platform.ts)'
