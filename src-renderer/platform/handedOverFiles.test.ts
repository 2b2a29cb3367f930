import { describe, expect, it } from 'vitest'
import type { PickedWorkoutFiles } from './desktop'
import { handOverWorkoutFiles, receiveHandedOverFiles } from './handedOverFiles'

const picked = (name: string): PickedWorkoutFiles => ({ files: [new File(['x'], name)], skipped: [] })

describe('handed-over workout files', () => {
  it('keeps files until the add page receives them, then delivers at once, each only once', () => {
    handOverWorkoutFiles(picked('a.gpx'))
    handOverWorkoutFiles({ files: [], skipped: [] })
    const received: string[] = []
    const stop = receiveHandedOverFiles((next) => received.push(...next.files.map((file) => file.name)))
    expect(received).toEqual(['a.gpx'])
    handOverWorkoutFiles(picked('b.gpx'))
    expect(received).toEqual(['a.gpx', 'b.gpx'])
    stop()
    handOverWorkoutFiles(picked('c.gpx'))
    expect(received).toEqual(['a.gpx', 'b.gpx'])
    const later: string[] = []
    receiveHandedOverFiles((next) => later.push(...next.files.map((file) => file.name)))()
    expect(later).toEqual(['c.gpx'])
  })
})
