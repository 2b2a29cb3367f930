import { useEffect, useEffectEvent, useState } from 'react'
import { droppedWorkoutFiles, type PickedWorkoutFiles } from './desktop'

/** A drag from the file manager (not text or a link dragged inside the page). */
const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false

/**
 * Makes the whole document a drop target for files: a drop never opens the file in place of the
 * app, and — when `accepting` — dropped files go to `onFiles`. Drops a drop zone already handled
 * (it called `preventDefault`) are left to it. Returns whether files are being dragged over the
 * window, for the overlay.
 */
export function useWindowFileDrop(accepting: boolean, onFiles: (picked: PickedWorkoutFiles) => void): boolean {
  const [dragging, setDragging] = useState(false)
  const deliver = useEffectEvent(onFiles)

  useEffect(() => {
    // dragenter of the next element comes before dragleave of the previous one: a depth count
    // stays above zero while the pointer moves inside the window.
    let depth = 0
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth += 1
      if (accepting) setDragging(true)
    }
    const over = (event: DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = accepting ? 'copy' : 'none'
    }
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth = 0
      setDragging(false)
      if (event.defaultPrevented) return
      event.preventDefault()
      // The items are readable only during the event: start reading before any await.
      if (accepting && event.dataTransfer) void droppedWorkoutFiles(event.dataTransfer).then(deliver)
    }
    document.addEventListener('dragenter', enter)
    document.addEventListener('dragover', over)
    document.addEventListener('dragleave', leave)
    document.addEventListener('drop', drop)
    return () => {
      document.removeEventListener('dragenter', enter)
      document.removeEventListener('dragover', over)
      document.removeEventListener('dragleave', leave)
      document.removeEventListener('drop', drop)
      setDragging(false)
    }
  }, [accepting])

  return dragging
}
