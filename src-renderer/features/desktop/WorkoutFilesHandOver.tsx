import { useEffect, useEffectEvent } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { subscribeToOpenedWorkoutFiles, type PickedWorkoutFiles } from '../../platform/desktop'
import { handOverWorkoutFiles } from '../../platform/handedOverFiles'
import { useWindowFileDrop } from '../../platform/windowFileDrop'
import { ADD_WORKOUT_PATH, IMPORT_HANDED_OVER } from '../add-workout/handOver'
import { WindowDropOverlay } from './WindowDropOverlay'

/**
 * Brings workout files from outside the page — dropped anywhere on the window, or opened with
 * the desktop app — to the add-workout page's import, from whichever page is showing. Signed
 * out, drops are only kept from navigating the window away, and opened files wait in the app.
 */
export function WorkoutFilesHandOver({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate()
  const { pathname } = useLocation()

  const importFiles = (picked: PickedWorkoutFiles) => {
    handOverWorkoutFiles(picked)
    void navigate(ADD_WORKOUT_PATH, { state: IMPORT_HANDED_OVER, replace: pathname === ADD_WORKOUT_PATH })
  }
  const importOpened = useEffectEvent(importFiles)

  const dragging = useWindowFileDrop(signedIn, importFiles)

  useEffect(() => (signedIn ? subscribeToOpenedWorkoutFiles(importOpened) : undefined), [signedIn])

  return dragging ? <WindowDropOverlay /> : null
}
