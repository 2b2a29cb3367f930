import type { PickedWorkoutFiles } from './desktop'

/**
 * Workout files handed to the add-workout page from elsewhere (a drop anywhere on the window,
 * "Open with"). Module state rather than router state: the page may not be mounted yet, and a
 * reload must not replay an import.
 */
let pending: PickedWorkoutFiles[] = []
let receiver: ((picked: PickedWorkoutFiles) => void) | null = null

/** Hands files over: delivered now if the add page listens, else kept until it does. */
export function handOverWorkoutFiles(picked: PickedWorkoutFiles): void {
  if (picked.files.length === 0 && picked.skipped.length === 0) return
  if (receiver) receiver(picked)
  else pending = [...pending, picked]
}

/**
 * The add page's side: takes the files waiting now, then every later hand-over, until the
 * returned function is called. One receiver at a time, so files are never imported twice.
 */
export function receiveHandedOverFiles(onFiles: (picked: PickedWorkoutFiles) => void): () => void {
  receiver = onFiles
  const waiting = pending
  pending = []
  for (const picked of waiting) onFiles(picked)
  return () => {
    if (receiver === onFiles) receiver = null
  }
}
