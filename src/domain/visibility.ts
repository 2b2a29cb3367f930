/**
 * Who may see what of a workout: the reference tracker's 1.x visibility levels, from the least to
 * the most open. Pure: the caller says how the viewer relates to the owner.
 */
export const VISIBILITY_LEVELS = ['private', 'followers_only', 'public'] as const

/** One visibility level (the reference's wire values). */
export type Visibility = (typeof VISIBILITY_LEVELS)[number]

/** How a viewer relates to a workout's owner; `anonymous` is a visitor without an account (a share link). */
export type Relation = 'owner' | 'follower' | 'stranger' | 'anonymous'

/** The three levels of a workout: the workout itself, its analysis (chart, segments, altitudes), its map (line, image, GPX). */
export interface WorkoutLevels {
  readonly workout: Visibility
  readonly analysis: Visibility
  readonly map: Visibility
}

/** What of one workout a viewer may see. */
export interface WorkoutAccess {
  /** The workout at all: without it the workout does not exist for the viewer (404). */
  readonly workout: boolean
  readonly analysis: boolean
  readonly map: boolean
  /** Heart-rate figures and series (the owner's `hr_visibility`, within the analysis). */
  readonly heartRate: boolean
  /** What only the owner sees: notes, the original file, records, neighbours, per-workout statistics. */
  readonly owner: boolean
  /** The levels as the viewer is told them: the capped levels, and `private` for what is hidden. */
  readonly levels: WorkoutLevels
}

const rank = (level: Visibility): number => VISIBILITY_LEVELS.indexOf(level)

/** A level capped by its parent's: never more open than the parent. */
export function capVisibility(parent: Visibility, child: Visibility): Visibility {
  return rank(child) > rank(parent) ? parent : child
}

/** The levels with the analysis capped by the workout and the map by the capped analysis. */
export function cappedLevels(levels: WorkoutLevels): WorkoutLevels {
  const analysis = capVisibility(levels.workout, levels.analysis)
  return { workout: levels.workout, analysis, map: capVisibility(analysis, levels.map) }
}

/** Whether a level shows something to fewer people than before. */
export function isLowered(before: Visibility, after: Visibility): boolean {
  return rank(after) < rank(before)
}

/** Whether a viewer of this relation may see something of this level. */
export function mayView(level: Visibility, relation: Relation): boolean {
  switch (relation) {
    case 'owner':
      return true
    case 'follower':
      return level !== 'private'
    case 'stranger':
    case 'anonymous':
      return level === 'public'
  }
}

/**
 * What a viewer may see of a workout, given its stored levels and the owner's heart-rate level.
 * Everything hidden reports `private`, as the reference does, so a viewer learns nothing of it.
 */
export function workoutAccess(stored: WorkoutLevels, hrVisibility: Visibility, relation: Relation): WorkoutAccess {
  const levels = cappedLevels(stored)
  const workout = mayView(levels.workout, relation)
  const analysis = workout && mayView(levels.analysis, relation)
  const map = analysis && mayView(levels.map, relation)
  const heartRate = analysis && mayView(capVisibility(levels.analysis, hrVisibility), relation)
  return {
    workout,
    analysis,
    map,
    heartRate,
    owner: relation === 'owner',
    levels: {
      workout: workout ? levels.workout : 'private',
      analysis: analysis ? levels.analysis : 'private',
      map: map ? levels.map : 'private',
    },
  }
}
