import { describe, expect, it } from 'vitest'
import { isAppError } from '../../../src/errors/app-error'
import { importGpxString } from './gpx-importer'

/** A GPX track of `count` points 0.001° apart, the ones `timed` says carrying a time 10 s apart. */
function gpx(count: number, timed: (index: number) => boolean): string {
  const points = Array.from({ length: count }, (_, i) => {
    const time = timed(i) ? `<time>${new Date(Date.UTC(2022, 1, 13, 21, 0, i * 10)).toISOString()}</time>` : ''
    return `<trkpt lat="42.5" lon="${(1.5 + i * 0.001).toFixed(3)}">${time}</trkpt>`
  })
  return `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`
}

function refusal(xml: string): string {
  try {
    importGpxString(xml)
    return 'imported'
  } catch (error) {
    return isAppError(error) ? `${error.code}: ${error.detail ?? ''}` : String(error)
  }
}

describe('GPX tracks whose times cover few of their points', () => {
  it('refuses a route planner export (times on its turn points only) as a planned route, saying how many', () => {
    // GraphHopper's export: 22 of 171 points carry a time.
    expect(refusal(gpx(171, (i) => i % 8 === 0))).toBe('track_times_sparse: 22 of 171 points have a time')
  })

  it('imports a recording that lost some times, as long as half its points have one', () => {
    expect(refusal(gpx(100, (i) => i % 2 === 0))).toBe('imported')
    expect(refusal(gpx(100, (i) => i < 49))).toMatch(/^track_times_sparse/)
  })
})
