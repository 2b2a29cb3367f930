/**
 * Which equipment goes with which sport: the reference tracker 1.2's table, by type and sport
 * label. Pure, so the server's checks and the forms' pickers apply the same rule.
 */

/** The reference's equipment types, by label, as seeded (its ids on a fresh database are their places + 1). */
export const EQUIPMENT_TYPE_LABELS = ['Shoes', 'Bike', 'Bike Trainer', 'Kayak_Boat', 'Skis', 'Snowshoes', 'Board', 'Racket', 'Paddle', 'Misc', 'Skates'] as const

/** The type that goes with any sport (up to `MISC_EQUIPMENT_MAX` per workout). */
export const MISC = 'Misc'

/** The sports each type may be used for; our indoor cycling is the reference's virtual cycling (a trainer). */
const SPORTS_OF_TYPE: Readonly<Record<string, readonly string[]>> = {
  Shoes: [
    'Hiking',
    'Mountaineering',
    'Padel (Outdoor)',
    'Running',
    'Swimrun',
    'Tennis (Outdoor)',
    'Trail',
    'Walking',
    'Cycling (Sport)',
    'Cycling (Transport)',
    'Cycling (Trekking)',
    'Halfbike',
    'Mountain Biking',
    'Mountain Biking (Electric)',
  ],
  Bike: ['Cycling (Sport)', 'Cycling (Transport)', 'Cycling (Trekking)', 'Halfbike', 'Mountain Biking', 'Mountain Biking (Electric)'],
  'Bike Trainer': ['Cycling (Virtual)', 'Cycling (Indoor)'],
  Board: ['Standup Paddleboarding', 'Windsurfing'],
  Kayak_Boat: ['Canoeing', 'Canoeing (Whitewater)', 'Kayaking', 'Kayaking (Whitewater)', 'Rowing'],
  Paddle: ['Canoeing', 'Canoeing (Whitewater)', 'Kayaking', 'Kayaking (Whitewater)', 'Rowing', 'Standup Paddleboarding'],
  Skis: ['Skiing (Alpine)', 'Skiing (Cross Country)'],
  Racket: ['Padel (Outdoor)', 'Tennis (Outdoor)'],
  Snowshoes: ['Snowshoes'],
}

/** True when an item of this type may go with this sport. */
export function typeFitsSport(typeLabel: string, sportLabel: string): boolean {
  return typeLabel === MISC || (SPORTS_OF_TYPE[typeLabel] ?? []).includes(sportLabel)
}

/** The only type whose items have components (chain, tyres, cassette…). */
export const TYPE_WITH_COMPONENTS = 'Bike'

/** What an item or component has done, and the optional limits its owner set (km, hours of moving time). */
export interface Wear {
  distance: number
  hours: number
  limitDistance: number | null
  limitHours: number | null
}

/** True once either limit is reached: the item or component is due for replacement. */
export function pastLimit({ distance, hours, limitDistance, limitHours }: Wear): boolean {
  return (limitDistance !== null && distance >= limitDistance) || (limitHours !== null && hours >= limitHours)
}
