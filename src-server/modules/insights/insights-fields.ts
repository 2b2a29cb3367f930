import type { BestEffort, EffortRank, WorkoutInsightFields, WorkoutPart } from '../../../src/contracts'
import { effortDistancesFor, type SplitFigures } from '../../../src/domain/insights'
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

/** The sport's English label, which decides its best-effort distances. */
async function sportLabel({ sports }: Repositories, sportId: number): Promise<string> {
  return (await sports.byId(sportId))?.label ?? ''
}

/**
 * Podium place of an effort among the user's workouts of the same sport: how many workouts did
 * strictly better, plus one; null beyond third.
 */
async function rankOf({ insights }: Repositories, workout: WorkoutEntity, kind: BestEffortKind, target: number, value: number): Promise<EffortRank> {
  const place = (await insights.effortsAhead({ userId: workout.userId, sportId: workout.sportId, kind, target, value })) + 1
  return place === 1 || place === 2 || place === 3 ? place : null
}

/** What `GET /workouts/:id` adds: laps and best efforts (nothing for a workout without them), read with `repositories`. */
export async function workoutInsightFields(repositories: Repositories, workout: WorkoutEntity): Promise<WorkoutInsightFields> {
    const insights = workout.filePath === null ? null : await repositories.insights.load(workout.id)
    if (!insights) return {}
    const distances = new Set(effortDistancesFor(await sportLabel(repositories, workout.sportId)))
    const efforts: BestEffort[] = []
    for (const effort of insights.distanceEfforts) {
      if (!distances.has(effort.distanceM)) continue
      const seconds = effort.movingMs / 1000
      efforts.push({
        kind: 'distance',
        target: effort.distanceM,
        moving: round(seconds, 1),
        ave_speed: seconds > 0 ? round((effort.distanceM / seconds) * 3.6, 2) : 0,
        rank: await rankOf(repositories, workout, 'distance', effort.distanceM, effort.movingMs),
      })
    }
    for (const effort of insights.powerEfforts) {
      efforts.push({
        kind: 'power',
        target: effort.durationS,
        power: Math.round(effort.watts),
        rank: await rankOf(repositories, workout, 'power', effort.durationS, effort.watts),
      })
    }
    return { laps: insights.laps.map(presentPart), best_efforts: efforts }
  }
