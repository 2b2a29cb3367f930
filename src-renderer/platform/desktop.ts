import type { DesktopBridge, FileBatch, SkippedFile } from '../../src/desktop/bridge'
import { isWorkoutFileName, WORKOUT_EXTENSIONS } from '../../src/desktop/file-types'

declare global {
  interface Window {
    /** Present only in the desktop app's window (src-main/preload). */
    desktop?: DesktopBridge
  }
}

/** The desktop bridge, or null in a browser (LAN clients, tests). */
export function desktopBridge(): DesktopBridge | null {
  const bridge = typeof window === 'undefined' ? undefined : window.desktop
  return bridge && bridge.version === 1 ? bridge : null
}

/** Files ready for the upload form, and the ones left out with their reason. */
export interface PickedWorkoutFiles {
  files: File[]
  skipped: SkippedFile[]
}

/** Turns the main process's batch into browser `File`s, so the upload code is the same everywhere. */
function filesFromBatch(batch: FileBatch): PickedWorkoutFiles {
  return {
    files: batch.files.map((file) => new File([file.bytes.slice()], file.name, { type: file.type })),
    skipped: [...batch.skipped],
  }
}

/** The `accept` value for a file input: the same extensions as the native dialog. */
export const WORKOUT_FILE_ACCEPT = WORKOUT_EXTENSIONS.map((extension) => `.${extension}`).join(',')

function pickWithInput(): Promise<PickedWorkoutFiles> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.multiple = true
    input.accept = WORKOUT_FILE_ACCEPT
    input.addEventListener('change', () => resolve(splitWorkoutFiles([...(input.files ?? [])])))
    input.addEventListener('cancel', () => resolve({ files: [], skipped: [] }))
    input.click()
  })
}

/**
 * "Import workouts": the native dialog in the desktop app, a file input in browsers. Resolves
 * with no files when the user cancels.
 */
export async function pickWorkoutFiles(): Promise<PickedWorkoutFiles> {
  const bridge = desktopBridge()
  return bridge ? filesFromBatch(await bridge.pickWorkoutFiles()) : pickWithInput()
}

/**
 * Files the desktop app was asked to import ("Open with", its command line, File › Import
 * workouts…): calls `onFiles` now for any already waiting and again whenever more arrive.
 * Returns the unsubscribe; does nothing in a browser.
 */
export function subscribeToOpenedWorkoutFiles(onFiles: (picked: PickedWorkoutFiles) => void): () => void {
  const bridge = desktopBridge()
  if (!bridge) return () => undefined
  let active = true
  const take = () => {
    void bridge.takeOpenedFiles().then((batch) => {
      if (active && (batch.files.length > 0 || batch.skipped.length > 0)) onFiles(filesFromBatch(batch))
    })
  }
  const unsubscribe = bridge.onFilesOpened(take)
  take()
  return () => {
    active = false
    unsubscribe()
  }
}

/** Keeps workout files and names the others as unsupported. */
export function splitWorkoutFiles(files: readonly File[]): PickedWorkoutFiles {
  return {
    files: files.filter((file) => isWorkoutFileName(file.name)),
    skipped: files.filter((file) => !isWorkoutFileName(file.name)).map((file) => ({ name: file.name, reason: 'unsupported' as const })),
  }
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject))
}

async function filesOfEntry(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))
    return [file]
  }
  if (!entry.isDirectory) return []
  const reader = (entry as FileSystemDirectoryEntry).createReader()
  const found: File[] = []
  // readEntries answers in chunks (100 in Chromium) until it answers an empty list.
  for (let chunk = await readEntries(reader); chunk.length > 0; chunk = await readEntries(reader)) {
    for (const child of chunk) found.push(...(await filesOfEntry(child)))
  }
  return found
}

/**
 * The files of a drop, folders walked recursively where the browser exposes them (Chromium,
 * Firefox, Safari and the desktop window); call it synchronously in the `drop` handler, since
 * the items are only readable during the event.
 */
export async function droppedWorkoutFiles(data: DataTransfer): Promise<PickedWorkoutFiles> {
  const items = [...data.items].filter((item) => item.kind === 'file')
  const entries = items.map((item) => (typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null))
  if (entries.length === 0 || entries.some((entry) => entry === null)) return splitWorkoutFiles([...data.files])
  const files = (await Promise.all(entries.map((entry) => filesOfEntry(entry as FileSystemEntry)))).flat()
  return splitWorkoutFiles(files)
}
