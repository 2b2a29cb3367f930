import type { UserRecord } from '../../src/contracts'

/**
 * A record type's name key (`workouts.RECORDS.<key>`, `dashboard.RECORDS.TYPES.<key>`): the speed
 * records (AS, MS, the specification's types) are named as paces for a sport the user reads as pace.
 */
export function recordNameKey(type: UserRecord['record_type'], pace: boolean): string {
  return pace && (type === 'AS' || type === 'MS') ? `${type}_PACE` : type
}
