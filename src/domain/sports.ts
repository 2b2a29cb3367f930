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

/** Ids of the sports, by name, so code never writes a bare number for a sport. */
export const SPORT_ID = {
  cyclingSport: 1,
  cyclingTransport: 2,
  hiking: 3,
  mountainBiking: 4,
  running: 5,
  walking: 6,
  mountainBikingElectric: 7,
  trail: 8,
  skiingAlpine: 9,
  skiingCrossCountry: 10,
  rowing: 11,
  snowshoes: 12,
  swimmingPool: 13,
  swimmingOpenWater: 14,
  cyclingIndoor: 15,
  other: 16,
} as const

/**
 * The sports: the reference tracker's 12 (its ids, thresholds and colours), then the ones real
 * files need (added by migration `1795507595185-sports-for-real-files`).
 */
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
  // Swimmers cover 2–5 km/h: a threshold of 1 km/h would count slow lengths as stops.
  { id: 13, label: 'Swimming (Pool)', threshold: 0.1, color: '#3d8fd1' },
  { id: 14, label: 'Swimming (Open Water)', threshold: 0.1, color: '#1f6e8c' },
  { id: 15, label: 'Cycling (Indoor)', threshold: 1, color: '#6f8f3f' },
  { id: 16, label: 'Other', threshold: 0.1, color: '#9c7a5b' },
]

/** The default colour of a sport label, or a neutral grey for an unknown one. */
export function defaultSportColor(label: string): string {
  return SPORTS.find((sport) => sport.label === label)?.color ?? '#868e96'
}

/**
 * A file's sport name in one spelling: `VirtualRide`, `virtual ride` and `virtual-ride` all give
 * `virtual_ride` (camel case split, lower case, every run of other characters one underscore).
 */
export function normaliseSportName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

const {
  cyclingSport,
  cyclingTransport,
  hiking,
  mountainBiking,
  running,
  walking,
  mountainBikingElectric,
  trail,
  skiingAlpine,
  skiingCrossCountry,
  rowing,
  snowshoes,
  swimmingPool,
  swimmingOpenWater,
  cyclingIndoor,
  other,
} = SPORT_ID

/** A swim whose file does not say pool or open water: a track with positions was swum outdoors. */
const SWIM = 'swim'

/** Names that say which of our sports it is, whatever the format (normalised, see above). */
const BY_NAME: Readonly<Record<string, number | typeof SWIM>> = {
  // Our own labels (a GPX exported by Waymark writes the label in <type>).
  cycling_sport: cyclingSport,
  cycling_transport: cyclingTransport,
  mountain_biking_electric: mountainBikingElectric,
  skiing_alpine: skiingAlpine,
  skiing_cross_country: skiingCrossCountry,
  swimming_pool: swimmingPool,
  swimming_open_water: swimmingOpenWater,
  cycling_indoor: cyclingIndoor,
  snowshoes,
  other,
  // Running: FIT `running` (sub-sports street, road, track, treadmill, indoor_running), TCX
  // `Running`, Garmin Connect GPX `running`/`treadmill_running`, Strava `Run`/`VirtualRun`.
  running,
  run: running,
  jogging: running,
  road_running: running,
  street_running: running,
  track_running: running,
  treadmill: running,
  treadmill_running: running,
  indoor_running: running,
  virtual_run: running,
  trail,
  trail_running: trail,
  trail_run: trail,
  // Cycling: FIT `cycling` (road, gravel, cyclocross, track…), TCX `Biking`, Strava `Ride`.
  cycling: cyclingSport,
  biking: cyclingSport,
  bike: cyclingSport,
  ride: cyclingSport,
  road_cycling: cyclingSport,
  road_biking: cyclingSport,
  gravel_cycling: cyclingSport,
  gravel_ride: cyclingSport,
  cyclocross: cyclingSport,
  track_cycling: cyclingSport,
  recumbent: cyclingSport,
  hand_cycling: cyclingSport,
  handcycle: cyclingSport,
  velomobile: cyclingSport,
  commuting: cyclingTransport,
  bike_commute: cyclingTransport,
  mountain_biking: mountainBiking,
  mountain_bike_ride: mountainBiking,
  mountain_bike: mountainBiking,
  mtb: mountainBiking,
  e_biking: mountainBikingElectric,
  e_bike_ride: mountainBikingElectric,
  e_mountain_bike_ride: mountainBikingElectric,
  e_bike_mountain: mountainBikingElectric,
  e_bike_fitness: mountainBikingElectric,
  indoor_cycling: cyclingIndoor,
  virtual_ride: cyclingIndoor,
  virtual_cycling: cyclingIndoor,
  spin: cyclingIndoor,
  spinning: cyclingIndoor,
  // On foot.
  walking,
  walk: walking,
  casual_walking: walking,
  speed_walking: walking,
  indoor_walking: walking,
  hiking,
  hike: hiking,
  mountaineering: hiking,
  snowshoeing: snowshoes,
  snowshoe: snowshoes,
  // Snow.
  alpine_skiing: skiingAlpine,
  alpine_ski: skiingAlpine,
  downhill_skiing: skiingAlpine,
  resort_skiing: skiingAlpine,
  cross_country_skiing: skiingCrossCountry,
  nordic_ski: skiingCrossCountry,
  nordic_skiing: skiingCrossCountry,
  skate_skiing: skiingCrossCountry,
  backcountry_ski: skiingCrossCountry,
  roller_ski: skiingCrossCountry,
  // Water.
  rowing,
  row: rowing,
  indoor_rowing: rowing,
  lap_swimming: swimmingPool,
  pool_swimming: swimmingPool,
  pool_swim: swimmingPool,
  open_water: swimmingOpenWater,
  open_water_swimming: swimmingOpenWater,
  open_water_swim: swimmingOpenWater,
  swimming: SWIM,
  swim: SWIM,
  // Named sports we have no sport for: "Other" (a file that names no sport falls back instead).
  transition: other,
  multisport_transition: other,
  fitness_equipment: other,
  training: other,
  workout: other,
  cardio_training: other,
  strength_training: other,
  weight_training: other,
  elliptical: other,
  stair_climbing: other,
  stair_stepper: other,
  yoga: other,
  pilates: other,
  hiit: other,
  crossfit: other,
  paddling: other,
  kayaking: other,
  canoeing: other,
  rafting: other,
  stand_up_paddleboarding: other,
  stand_up_paddling: other,
  sup: other,
  surfing: other,
  windsurfing: other,
  windsurf: other,
  kitesurfing: other,
  kitesurf: other,
  sailing: other,
  sail: other,
  boating: other,
  inline_skating: other,
  inline_skate: other,
  ice_skating: other,
  ice_skate: other,
  snowboarding: other,
  snowboard: other,
  rock_climbing: other,
  golf: other,
  tennis: other,
  soccer: other,
  basketball: other,
  boxing: other,
  diving: other,
  horseback_riding: other,
  skateboard: other,
  wheelchair: other,
}

/**
 * Sport and sub-sport pairs where the sub-sport alone is ambiguous (`trail` running vs. a trail
 * walk, `mountain` biking, `downhill` skiing vs. biking, `generic` anything).
 */
const BY_PAIR: Readonly<Record<string, number>> = {
  running_trail: trail,
  cycling_mountain: mountainBiking,
  cycling_downhill: mountainBiking,
  cycling_bmx: mountainBiking,
  cycling_commuting: cyclingTransport,
  cycling_virtual_activity: cyclingIndoor,
  running_virtual_activity: running,
  alpine_skiing_backcountry: skiingAlpine,
  cross_country_skiing_backcountry: skiingCrossCountry,
  fitness_equipment_treadmill: running,
  fitness_equipment_indoor_cycling: cyclingIndoor,
  fitness_equipment_indoor_rowing: rowing,
}

/**
 * Strava's activity types, complete, in one place: the type's API name, the number its GPX
 * exports write in `<type>` (types added after the numbered ones have none), the name its bulk
 * export's `activities.csv` writes in `Activity Type`, and our sport. Both the GPX importer and
 * the archive import read them through {@link sportFromFile}.
 */
const STRAVA_TYPES: readonly (readonly [name: string, code: number | null, csvName: string, sport: number | typeof SWIM])[] = [
  ['Ride', 1, 'Ride', cyclingSport],
  ['AlpineSki', 2, 'Alpine Ski', skiingAlpine],
  ['BackcountrySki', 3, 'Backcountry Ski', skiingCrossCountry],
  ['Hike', 4, 'Hike', hiking],
  ['IceSkate', 5, 'Ice Skate', other],
  ['InlineSkate', 6, 'Inline Skate', other],
  ['NordicSki', 7, 'Nordic Ski', skiingCrossCountry],
  ['RollerSki', 8, 'Roller Ski', skiingCrossCountry],
  ['Run', 9, 'Run', running],
  ['Walk', 10, 'Walk', walking],
  ['Workout', 11, 'Workout', other],
  ['Snowboard', 12, 'Snowboard', other],
  ['Snowshoe', 13, 'Snowshoe', snowshoes],
  ['Kitesurf', 14, 'Kitesurf', other],
  ['Windsurf', 15, 'Windsurf', other],
  ['Swim', 16, 'Swim', SWIM],
  ['VirtualRide', 17, 'Virtual Ride', cyclingIndoor],
  ['EBikeRide', 18, 'E-Bike Ride', mountainBikingElectric],
  ['Velomobile', 19, 'Velomobile', cyclingSport],
  ['Canoeing', 21, 'Canoe', other],
  ['Kayaking', 22, 'Kayaking', other],
  ['Rowing', 23, 'Rowing', rowing],
  ['StandUpPaddling', 24, 'Stand Up Paddling', other],
  ['Surfing', 25, 'Surfing', other],
  ['Crossfit', 26, 'Crossfit', other],
  ['Elliptical', 27, 'Elliptical', other],
  ['RockClimbing', 28, 'Rock Climb', other],
  ['StairStepper', 29, 'Stair-Stepper', other],
  ['WeightTraining', 30, 'Weight Training', other],
  ['Yoga', 31, 'Yoga', other],
  ['Handcycle', 51, 'Handcycle', cyclingSport],
  ['Wheelchair', 52, 'Wheelchair', other],
  ['VirtualRun', 53, 'Virtual Run', running],
  ['MountainBikeRide', null, 'Mountain Bike Ride', mountainBiking],
  ['GravelRide', null, 'Gravel Ride', cyclingSport],
  ['EMountainBikeRide', null, 'E-Mountain Bike Ride', mountainBikingElectric],
  ['TrailRun', null, 'Trail Run', trail],
  ['VirtualRow', null, 'Virtual Row', rowing],
  ['Golf', null, 'Golf', other],
  ['Sail', null, 'Sail', other],
  ['Skateboard', null, 'Skateboard', other],
  ['Soccer', null, 'Soccer', other],
  ['Tennis', null, 'Tennis', other],
  ['TableTennis', null, 'Table Tennis', other],
  ['Badminton', null, 'Badminton', other],
  ['Squash', null, 'Squash', other],
  ['Racquetball', null, 'Racquetball', other],
  ['Pickleball', null, 'Pickleball', other],
  ['Pilates', null, 'Pilates', other],
  ['HighIntensityIntervalTraining', null, 'HIIT', other],
]

/** {@link STRAVA_TYPES} by GPX number and by normalised API and `activities.csv` name. */
const BY_STRAVA_TYPE: ReadonlyMap<string, number | typeof SWIM> = new Map(
  STRAVA_TYPES.flatMap(([name, code, csvName, sport]) => [
    ...(code === null ? [] : [[String(code), sport] as const]),
    [normaliseSportName(name), sport] as const,
    [normaliseSportName(csvName), sport] as const,
  ]),
)

/** Sport names that say nothing: the caller's fallback applies. */
const UNSAID = new Set(['', 'generic', 'all', 'multisport', 'unknown', 'invalid', 'none'])

/** What else is known about the activity, for names that need it. */
export interface SportContext {
  /** The activity has GPS positions (a swim with positions is an open-water swim). */
  readonly hasPositions?: boolean
}

function lookUp(name: string, context: SportContext): number | null {
  const found = BY_STRAVA_TYPE.get(name) ?? BY_NAME[name]
  if (found === SWIM) return context.hasPositions ? swimmingOpenWater : swimmingPool
  return found ?? null
}

/**
 * Our sport id for the sport a file names, or `null` when the file names none we can place (the
 * caller then uses its fallback). Pure; case, spacing and camel case do not matter.
 *
 * The hint is what the importers read: a FIT session's sport, optionally with its sub-sport after a
 * `/` (`cycling/indoor_cycling`, `swimming/lap_swimming`), a TCX `Sport` (`Running`, `Biking`,
 * `Other`), a GPX `<type>` (Garmin Connect `trail_running`, Strava `Ride`/`VirtualRide` or its
 * numeric codes, our own labels), a Strava `activities.csv` type (`Nordic Ski`); see {@link STRAVA_TYPES}. The sub-sport may also be passed on its own.
 *
 * Order: the sport/sub-sport pair, then the sub-sport alone, then the sport alone; a sub-sport that
 * says nothing (`generic`) leaves the sport to decide.
 */
export function sportFromFile(hint: string | null | undefined, subSport?: string | null, context: SportContext = {}): number | null {
  if (hint == null && subSport == null) return null
  const [rawSport = '', rawSub = ''] = (hint ?? '').split(/[/:|;,]/, 2)
  const sport = normaliseSportName(rawSport)
  const sub = normaliseSportName(subSport ?? rawSub)
  if (sub && !UNSAID.has(sub)) {
    const pair = BY_PAIR[`${sport}_${sub}`]
    if (pair !== undefined) return pair
    const bySub = lookUp(sub, context)
    if (bySub !== null) return bySub
  }
  if (UNSAID.has(sport)) return null
  return lookUp(sport, context)
}

const TRANSITION_SPORTS = new Set(['transition', 'multisport_transition'])

/** Whether a multisport file's leg is a transition (FIT sport `transition`; TCX names none): it holds no record. */
export function isTransitionLeg(sport: string | null | undefined): boolean {
  return sport != null && TRANSITION_SPORTS.has(normaliseSportName(sport))
}
