export const ADD_WORKOUT_PATH = '/workouts/add'

/** Router state of a visit that brings handed-over files: the page shows the file form. */
export const IMPORT_HANDED_OVER = { importHandedOver: true } as const

export function bringsHandedOverFiles(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'importHandedOver' in state && state.importHandedOver === true
}
