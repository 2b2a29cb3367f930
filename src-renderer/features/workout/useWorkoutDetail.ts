import { useEffect, useState } from 'react'
import type { ChartDataPoint, Workout } from '../../../src/contracts'
import { errorKeysOfUnknown, isApiError } from '../../api/ApiError'
import { call } from '../../api/client'

/** What the detail page shows; the map and chart data load alongside the workout. */
export type WorkoutDetail =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; errorKeys: string[] }
  | { status: 'ready'; workout: Workout; chart: ChartDataPoint[]; lines: [number, number][][] }

/** A segment number from the URL (1-based), or null when the text is not one. */
function parseSegmentNumber(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,6}$/.test(text)) return null
  const number = Number(text)
  return number >= 1 ? number : null
}

/**
 * The chart when the analysis is the viewer's (`with_analysis`) and the map line when there are
 * positions they may see (`bounds`, empty when the map is hidden or the file has none): each asked
 * only of a route that answers them, so a viewer of the analysis alone still gets its chart.
 */
async function loadTrack(workout: Workout, segment: number | undefined): Promise<{ chart: ChartDataPoint[]; lines: [number, number][][] }> {
  const { id } = workout
  const chartOf = () => (segment === undefined ? call('getChartData', { params: { id } }) : call('getSegmentChartData', { params: { id, segment } }))
  const [chart, mapLine] = await Promise.all([workout.with_analysis ? chartOf() : null, workout.bounds.length > 0 ? call('getMapLine', { params: { id } }) : null])
  const all = mapLine?.data.lines ?? []
  const lines = segment === undefined ? all : all.slice(segment - 1, segment)
  return { chart: chart?.data.chart_data ?? [], lines: lines.filter((line) => line.length > 0) }
}

/**
 * Loads a workout (or one of its segments) with its chart series and map line, all at once.
 * A 404 (unknown workout or segment) or an impossible segment number is "not found".
 */
export function useWorkoutDetail(id: string, segmentText: string | undefined, isSegment: boolean): WorkoutDetail {
  const [detail, setDetail] = useState<{ key: string; value: WorkoutDetail }>({ key: '', value: { status: 'loading' } })
  const key = `${id}/${segmentText ?? ''}/${String(isSegment)}`

  useEffect(() => {
    let live = true
    const segment = isSegment ? parseSegmentNumber(segmentText) : undefined
    const settle = (value: WorkoutDetail) => {
      if (live) setDetail({ key, value })
    }
    if (segment === null) {
      settle({ status: 'not-found' })
      return
    }
    const load = async () => {
      const response = await call('getWorkout', { params: { id } })
      const workout = response.data.workouts[0]
      if (!workout) return settle({ status: 'not-found' })
      if (segment !== undefined && !workout.segments.some((item) => item.segment_id === segment - 1)) {
        return settle({ status: 'not-found' })
      }
      const track = await loadTrack(workout, segment)
      settle({ status: 'ready', workout, ...track })
    }
    load().catch((error: unknown) => {
      if (isApiError(error) && error.status === 404) settle({ status: 'not-found' })
      else settle({ status: 'error', errorKeys: errorKeysOfUnknown(error) })
    })
    return () => {
      live = false
    }
  }, [id, segmentText, isSegment, key])

  return detail.key === key ? detail.value : { status: 'loading' }
}
