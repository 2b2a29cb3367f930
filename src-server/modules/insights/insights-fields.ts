import type { BestEffort, EffortRank, WorkoutInsightFields, WorkoutPart } from '../../../src/contracts'
import { effortDistancesFor, type SplitFigures, type StoredInsights } from '../../../src/domain/insights'
import type { BestEffortKind, WorkoutEntity } from '../../db/entities'
import type { Repositories } from '../../db/repositories'

export const round = (value: number, decimals: number): number => Number(value.toFixed(decimals))

/** A split or lap in the API's units: km, seconds, km/h, m, bpm. */
export function presentPart(part: SplitFigures): WorkoutPart {
  const seconds = part.movingMs / 1000
  return {
    distance: round(part.distanceM / 1000, 3),
    moving: round(seconds, 1),
    ave_speed: seconds > 0 ? round((part.distanceM / seconds) * 3.6, 2) : null,
    ascent: part.ascentM === null ? null : round(part.ascentM, 1),
    descent: part.descentM === null ? null : round(part.descentM, 1),
    ave_hr: part.heartRate === null ? null : round(part.heartRate, 1),
    ...(part.restMs === undefined ? {} : { rest: round(part.restMs / 1000, 1) }),
  }
}

/** Distance efforts are better when shorter (moving time), power efforts when higher (watts). */
export const better = (kind: BestEffortKind, a: number, b: number): boolean => (kind === 'distance' ? a < b : a > b)

/** Podium place of an effort from how many workouts did strictly better: null beyond third. */
function rankOf(ahead: number): EffortRank {
  const place = ahead + 1
  return place === 1 || place === 2 || place === 3 ? place : null
}

/**
 * What `GET /workouts/:id` adds from the workout's stored `insights` (read with its page): laps
 * and best efforts (nothing for a workout without them), each effort ranked among the user's
 * workouts of the same sport, whose English label (`sportLabel`) decides the distances shown; the
 * ranks are read with `repositories` in one statement when there are efforts to show.
 */
export async function workoutInsightFields(
  repositories: Repositories,
  workout: Pick<WorkoutEntity, 'userId' | 'sportId'>,
  sportLabel: string,
  insights: StoredInsights | null,
): Promise<WorkoutInsightFields> {
  if (!insights) return {}
  const distances = new Set(effortDistancesFor(sportLabel))
  const shown = [
    ...insights.distanceEfforts.filter((effort) => distances.has(effort.distanceM)).map((effort) => ({ kind: 'distance' as const, effort })),
    ...insights.powerEfforts.map((effort) => ({ kind: 'power' as const, effort })),
  ]
  const ahead = await repositories.insights.effortsAhead(
    workout.userId,
    workout.sportId,
    shown.map((item) => (item.kind === 'distance' ? { kind: item.kind, target: item.effort.distanceM, value: item.effort.movingMs } : { kind: item.kind, target: item.effort.durationS, value: item.effort.watts })),
  )
  const efforts: BestEffort[] = shown.map((item, index) => {
    const rank = rankOf(ahead[index] ?? 0)
    if (item.kind === 'power') return { kind: 'power', target: item.effort.durationS, power: Math.round(item.effort.watts), rank }
    const seconds = item.effort.movingMs / 1000
    return { kind: 'distance', target: item.effort.distanceM, moving: round(seconds, 1), ave_speed: seconds > 0 ? round((item.effort.distanceM / seconds) * 3.6, 2) : 0, rank }
  })
  return { laps: insights.laps.map(presentPart), best_efforts: efforts }
}
