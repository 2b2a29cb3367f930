/** A sport known to the application, with its defaults. */
export interface SportDefinition {
  readonly id: number
  /** English label; also the key of the translated names. */
  readonly label: string
  /** Default stopped-speed threshold in km/h. */
  readonly threshold: number
  /** Default colour when the user has not chosen one. */
  readonly color: string
}

/** The 12 sports, with the reference tracker's ids, thresholds and colours. */
export const SPORTS: readonly SportDefinition[] = [
  { id: 1, label: 'Cycling (Sport)', threshold: 1, color: '#4c9792' },
  { id: 2, label: 'Cycling (Transport)', threshold: 1, color: '#88af98' },
  { id: 3, label: 'Hiking', threshold: 0.1, color: '#bb757c' },
  { id: 4, label: 'Mountain Biking', threshold: 1, color: '#d4b371' },
  { id: 5, label: 'Running', threshold: 1, color: '#835b83' },
  { id: 6, label: 'Walking', threshold: 0.1, color: '#838383' },
  { id: 7, label: 'Mountain Biking (Electric)', threshold: 1, color: '#fc9d6f' },
  { id: 8, label: 'Trail', threshold: 0.1, color: '#09a98a' },
  { id: 9, label: 'Skiing (Alpine)', threshold: 1, color: '#67a4bd' },
  { id: 10, label: 'Skiing (Cross Country)', threshold: 0.1, color: '#9498d0' },
  { id: 11, label: 'Rowing', threshold: 1, color: '#fcce72' },
  { id: 12, label: 'Snowshoes', threshold: 0.1, color: '#5780a8' },
]

/** The default colour of a sport label, or a neutral grey for an unknown one. */
export function defaultSportColor(label: string): string {
  return SPORTS.find((sport) => sport.label === label)?.color ?? '#868e96'
}
