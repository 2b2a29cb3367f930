import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'

/** The default data folder: inside the OS app-data folder of the app. */
export function defaultDataFolder(userDataPath: string): string {
  return join(userDataPath, 'data')
}

/** Why a move was refused or failed; nothing was changed in every case. */
export type MoveRefusal = 'not-empty' | 'inside-current' | 'copy-failed'

// Held by the running server (and recreated by the next one): never copied.
const NOT_COPIED = new Set(['server.lock', 'tmp'])

function isInside(child: string, parent: string): boolean {
  const path = relative(parent, child)
  return path === '' || (!path.startsWith('..') && !path.startsWith(sep) && !/^[a-zA-Z]:/.test(path))
}

async function isEmptyOrMissing(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
  }
}

/** Every file below `root` with its size, keyed by its path relative to `root`. */
async function inventory(root: string): Promise<Map<string, number>> {
  const files = new Map<string, number>()
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files.set(relative(root, path), (await stat(path)).size)
  }
  return files
}

/**
 * Where the data goes when the user picks `picked`: the folder itself when it is empty or new,
 * otherwise a `Waymark` folder inside it (picking "Documents" should just work).
 */
export async function destinationFor(picked: string): Promise<string> {
  return (await isEmptyOrMissing(picked)) ? resolve(picked) : join(resolve(picked), 'Waymark')
}

/** Checks a destination before the server is stopped, so a refusal costs nothing. */
export async function checkDestination(from: string, to: string): Promise<MoveRefusal | null> {
  if (isInside(resolve(to), resolve(from))) return 'inside-current'
  if (!(await isEmptyOrMissing(to))) return 'not-empty'
  return null
}

/**
 * Copies a data folder (whose server is stopped) to an empty or new folder and verifies that
 * every file arrived with its size. The source is left untouched: it is removed only once a
 * server has started on the copy. On failure the partial copy is removed.
 */
export async function copyDataFolder(from: string, to: string): Promise<MoveRefusal | null> {
  const refusal = await checkDestination(from, to)
  if (refusal) return refusal
  const source = resolve(from)
  const target = resolve(to)
  const existed = await stat(target).then(
    () => true,
    () => false,
  )
  try {
    await mkdir(target, { recursive: true })
    // Entry by entry into the folder: from Node 22 on, `cp` refuses an existing target folder
    // outright when told not to overwrite, and the target may be an empty folder the user chose.
    for (const entry of await readdir(source)) {
      if (NOT_COPIED.has(entry)) continue
      await cp(join(source, entry), join(target, entry), { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true })
    }
    const [copied, original] = [await inventory(target), await inventory(source)]
    for (const skipped of NOT_COPIED) {
      for (const key of original.keys()) if (key === skipped || key.startsWith(skipped + sep)) original.delete(key)
    }
    const same = copied.size === original.size && [...original].every(([path, size]) => copied.get(path) === size)
    if (!same) throw new Error('the copy differs from the original')
    return null
  } catch {
    await removeCopy(target, existed)
    return 'copy-failed'
  }
}

async function removeCopy(target: string, keepFolder: boolean): Promise<void> {
  if (!keepFolder) {
    await rm(target, { recursive: true, force: true })
    return
  }
  // The user chose an existing empty folder: empty it again but leave the folder itself.
  for (const entry of await readdir(target).catch(() => [])) await rm(join(target, entry), { recursive: true, force: true })
}

/** Removes the old data folder after a successful move. */
export async function removeDataFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true })
}
