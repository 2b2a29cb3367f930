import { describe, expect, it } from 'vitest'
import { defaultSportColor, normaliseSportName, SPORT_ID, SPORTS, sportFromFile } from './sports'
import { seededRandom as random } from '../test-support/seeded-random'

const ids = new Set(SPORTS.map((sport) => sport.id))

/** The same name as another app might spell it: case, spaces, dashes, camel case. */
function respell(name: string, next: () => number): string {
  const words = name.split('_')
  switch (Math.floor(next() * 4)) {
    case 0:
      return words.join(' ').toUpperCase()
    case 1:
      return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')
    case 2:
      return ` ${words.join('-')} `
    default:
      return words.join('_')
  }
}

describe('sports', () => {
  it('keeps the 12 reference sports and adds the sports real files need, with unique ids, labels and colours', () => {
    expect(SPORTS.slice(0, 12).map((sport) => sport.label)).toEqual([
      'Cycling (Sport)',
      'Cycling (Transport)',
      'Hiking',
      'Mountain Biking',
      'Running',
      'Walking',
      'Mountain Biking (Electric)',
      'Trail',
      'Skiing (Alpine)',
      'Skiing (Cross Country)',
      'Rowing',
      'Snowshoes',
    ])
    expect(SPORTS.map((sport) => sport.id)).toEqual(SPORTS.map((_, index) => index + 1))
    expect(SPORTS.slice(12).map((sport) => sport.label)).toEqual(['Swimming (Pool)', 'Swimming (Open Water)', 'Cycling (Indoor)', 'Other'])
    expect(new Set(SPORTS.map((sport) => sport.label)).size).toBe(SPORTS.length)
    expect(new Set(SPORTS.map((sport) => sport.color)).size).toBe(SPORTS.length)
    expect(Object.values(SPORT_ID).sort((a, b) => a - b)).toEqual([...ids])
  })
})

describe('sportFromFile', () => {
  it('reads FIT session sports and sub-sports', () => {
    expect(sportFromFile('running')).toBe(SPORT_ID.running)
    expect(sportFromFile('running/trail')).toBe(SPORT_ID.trail)
    expect(sportFromFile('running/treadmill')).toBe(SPORT_ID.running)
    expect(sportFromFile('cycling')).toBe(SPORT_ID.cyclingSport)
    expect(sportFromFile('cycling/road')).toBe(SPORT_ID.cyclingSport)
    expect(sportFromFile('cycling/mountain')).toBe(SPORT_ID.mountainBiking)
    expect(sportFromFile('cycling/commuting')).toBe(SPORT_ID.cyclingTransport)
    expect(sportFromFile('cycling/indoor_cycling')).toBe(SPORT_ID.cyclingIndoor)
    expect(sportFromFile('cycling', 'virtual_activity')).toBe(SPORT_ID.cyclingIndoor)
    expect(sportFromFile('fitness_equipment', 'indoor_cycling')).toBe(SPORT_ID.cyclingIndoor)
    expect(sportFromFile('fitness_equipment/indoor_rowing')).toBe(SPORT_ID.rowing)
    expect(sportFromFile('fitness_equipment/elliptical')).toBe(SPORT_ID.other)
    expect(sportFromFile('swimming/lap_swimming')).toBe(SPORT_ID.swimmingPool)
    expect(sportFromFile('swimming/open_water')).toBe(SPORT_ID.swimmingOpenWater)
    expect(sportFromFile('transition/swim_to_bike_transition')).toBe(SPORT_ID.other)
    expect(sportFromFile('e_biking/e_bike_mountain')).toBe(SPORT_ID.mountainBikingElectric)
    expect(sportFromFile('cross_country_skiing/skate_skiing')).toBe(SPORT_ID.skiingCrossCountry)
    expect(sportFromFile('alpine_skiing/backcountry')).toBe(SPORT_ID.skiingAlpine)
    expect(sportFromFile('snowshoeing')).toBe(SPORT_ID.snowshoes)
    expect(sportFromFile('tennis')).toBe(SPORT_ID.other)
  })

  it('reads TCX sports', () => {
    expect(sportFromFile('Running')).toBe(SPORT_ID.running)
    expect(sportFromFile('Biking')).toBe(SPORT_ID.cyclingSport)
    expect(sportFromFile('Other')).toBe(SPORT_ID.other)
  })

  it('reads GPX types as common apps write them', () => {
    // Garmin Connect
    expect(sportFromFile('trail_running')).toBe(SPORT_ID.trail)
    expect(sportFromFile('treadmill_running')).toBe(SPORT_ID.running)
    expect(sportFromFile('lap_swimming')).toBe(SPORT_ID.swimmingPool)
    expect(sportFromFile('open_water_swimming')).toBe(SPORT_ID.swimmingOpenWater)
    expect(sportFromFile('road_biking')).toBe(SPORT_ID.cyclingSport)
    // Strava, English and numeric
    expect(sportFromFile('Ride')).toBe(SPORT_ID.cyclingSport)
    expect(sportFromFile('VirtualRide')).toBe(SPORT_ID.cyclingIndoor)
    expect(sportFromFile('EBikeRide')).toBe(SPORT_ID.mountainBikingElectric)
    expect(sportFromFile('EMountainBikeRide')).toBe(SPORT_ID.mountainBikingElectric)
    expect(sportFromFile('MountainBikeRide')).toBe(SPORT_ID.mountainBiking)
    expect(sportFromFile('NordicSki')).toBe(SPORT_ID.skiingCrossCountry)
    expect(sportFromFile('AlpineSki')).toBe(SPORT_ID.skiingAlpine)
    expect(sportFromFile('StandUpPaddling')).toBe(SPORT_ID.other)
    expect(sportFromFile('1')).toBe(SPORT_ID.cyclingSport)
    expect(sportFromFile('9')).toBe(SPORT_ID.running)
    expect(sportFromFile('10')).toBe(SPORT_ID.walking)
    // gpx.studio, Amazfit
    expect(sportFromFile('Cycling')).toBe(SPORT_ID.cyclingSport)
    expect(sportFromFile('Running')).toBe(SPORT_ID.running)
  })

  it('places a swim by its positions when the file does not say pool or open water', () => {
    expect(sportFromFile('swimming')).toBe(SPORT_ID.swimmingPool)
    expect(sportFromFile('Swim', null, { hasPositions: true })).toBe(SPORT_ID.swimmingOpenWater)
    expect(sportFromFile('swimming/generic', null, { hasPositions: true })).toBe(SPORT_ID.swimmingOpenWater)
    // What the file says wins over the positions.
    expect(sportFromFile('swimming/lap_swimming', null, { hasPositions: true })).toBe(SPORT_ID.swimmingPool)
  })

  it('reads back every label of ours (a GPX exported by Waymark names its sport)', () => {
    for (const sport of SPORTS) expect({ label: sport.label, id: sportFromFile(sport.label) }).toEqual({ label: sport.label, id: sport.id })
  })

  it('names no sport for files that say nothing or something unknown', () => {
    for (const hint of [null, undefined, '', '  ', 'generic', 'all', 'multisport', 'example type', 'jkljkl', '...', '42', 'generic/generic']) {
      expect({ hint, id: sportFromFile(hint) }).toEqual({ hint, id: null })
    }
    // A sub-sport that says nothing leaves the sport to decide.
    expect(sportFromFile('running', 'generic')).toBe(SPORT_ID.running)
    expect(sportFromFile('generic', 'indoor_cycling')).toBe(SPORT_ID.cyclingIndoor)
  })

  it('property: any string gives null or a known sport id, never throws', () => {
    const next = random(12)
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-/:|.,éß\u0000'
    for (let run = 0; run < 2000; run += 1) {
      const length = Math.floor(next() * 24)
      let hint = ''
      for (let index = 0; index < length; index += 1) hint += alphabet.charAt(Math.floor(next() * alphabet.length))
      const id = sportFromFile(hint, next() < 0.3 ? hint.slice(0, 5) : null, { hasPositions: next() < 0.5 })
      expect(id === null || ids.has(id), hint).toBe(true)
    }
  })

  it('property: spelling does not matter (case, separators, camel case)', () => {
    const next = random(7)
    const names = ['trail_running', 'open_water_swimming', 'lap_swimming', 'indoor_cycling', 'mountain_biking', 'cross_country_skiing', 'e_bike_ride', 'snowshoeing', 'stand_up_paddleboarding', 'virtual_ride', 'walking']
    for (let run = 0; run < 300; run += 1) {
      const name = names[Math.floor(next() * names.length)] ?? 'walking'
      const spelled = respell(name, next)
      expect({ spelled, id: sportFromFile(spelled) }).toEqual({ spelled, id: sportFromFile(name) })
      expect(sportFromFile(name)).not.toBeNull()
    }
  })

  it('normalises names', () => {
    expect(normaliseSportName('VirtualRide')).toBe('virtual_ride')
    expect(normaliseSportName('EMountainBikeRide')).toBe('e_mountain_bike_ride')
    expect(normaliseSportName('  Open Water-Swimming ')).toBe('open_water_swimming')
    expect(normaliseSportName('Skiing (Cross Country)')).toBe('skiing_cross_country')
  })
})

describe("Strava's activity types (GPX <type> numbers and activities.csv names)", () => {
  it('places the numbered types Strava GPX exports write, not only 1, 9 and 10', () => {
    expect(sportFromFile('16')).toBe(SPORT_ID.swimmingPool)
    expect(sportFromFile('16', null, { hasPositions: true })).toBe(SPORT_ID.swimmingOpenWater)
    expect(sportFromFile('17')).toBe(SPORT_ID.cyclingIndoor)
    expect(sportFromFile('4')).toBe(SPORT_ID.hiking)
    expect(sportFromFile('7')).toBe(SPORT_ID.skiingCrossCountry)
    expect(sportFromFile('2')).toBe(SPORT_ID.skiingAlpine)
    expect(sportFromFile('13')).toBe(SPORT_ID.snowshoes)
    expect(sportFromFile('23')).toBe(SPORT_ID.rowing)
    expect(sportFromFile('53')).toBe(SPORT_ID.running)
    // A number Strava never wrote names no sport: the upload's own sport applies.
    expect(sportFromFile('20')).toBeNull()
    expect(sportFromFile('99')).toBeNull()
  })

  it("places the names of a bulk export's activities.csv, spelled as Strava writes them there", () => {
    expect(sportFromFile('Swim')).toBe(SPORT_ID.swimmingPool)
    expect(sportFromFile('Nordic Ski')).toBe(SPORT_ID.skiingCrossCountry)
    expect(sportFromFile('Virtual Ride')).toBe(SPORT_ID.cyclingIndoor)
    expect(sportFromFile('E-Mountain Bike Ride')).toBe(SPORT_ID.mountainBikingElectric)
    expect(sportFromFile('Trail Run')).toBe(SPORT_ID.trail)
    expect(sportFromFile('Stair-Stepper')).toBe(SPORT_ID.other)
    expect(sportFromFile('Rock Climb')).toBe(SPORT_ID.other)
    expect(sportFromFile('Canoe')).toBe(SPORT_ID.other)
    expect(sportFromFile('HIIT')).toBe(SPORT_ID.other)
    expect(sportFromFile('Virtual Row')).toBe(SPORT_ID.rowing)
  })

  it('places a sub-sport passed on its own, without a sport', () => {
    expect(sportFromFile(null, 'lap_swimming')).toBe(SPORT_ID.swimmingPool)
    expect(sportFromFile(undefined, 'indoor_cycling')).toBe(SPORT_ID.cyclingIndoor)
    expect(sportFromFile(null, 'generic')).toBeNull()
  })

  it("gives each sport's label its own colour, and an unknown label Mantine's neutral gray 6", () => {
    for (const sport of SPORTS) expect(defaultSportColor(sport.label), sport.label).toBe(sport.color)
    expect(defaultSportColor('Kitesurfing')).toBe('#868e96')
  })
})
