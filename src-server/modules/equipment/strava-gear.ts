/**
 * Gear of a Strava bulk export (research §6): `bikes.csv` (`Bike Name, Bike Brand, Bike Model, …`)
 * and `shoes.csv` (`Shoe Name, Shoe Brand, Shoe Model, …`; the nickname may be blank). Neither file
 * has an id: `activities.csv`'s `Activity Gear` names a bike by its name and shoes as
 * "brand model name", so that text is the item's label and the key that links activities to it.
 * Pure (it runs in the metadata thread).
 */
import type { Visibility } from '../../../src/domain/visibility'

/** The equipment type of each gear file, by the reference tracker's type label. */
export type GearType = 'Bike' | 'Shoes'

/** One piece of gear of an export (Strava's, or the reference tracker's: see `fittrackee-gear.ts`). */
export interface ExportGear {
  /** Its type, by the reference tracker's label (`Bike`, `Shoes`, `Kayak_Boat`…). */
  type: string
  /** What the export's activities call it, which becomes the item's label (see {@link gearLabel}). */
  label: string
  description: string | null
  /** The sports it is the default for, as the export says (those that do not go with its type are left out). */
  defaultSportIds: number[]
  /** False for gear the export says is retired (the reference tracker's); Strava's says nothing. */
  isActive?: boolean
  visibility?: Visibility
}

/** The reference's label limit, in characters (code points, as the API counts them). */
const LABEL_MAX = 50

/**
 * The label of a gear name, and the key activities are matched by: spaces collapsed, cut to the
 * label limit (two names alike in their first 50 characters are one item).
 */
export function gearLabel(name: string): string {
  return [...name.replace(/\s+/g, ' ').trim()].slice(0, LABEL_MAX).join('')
}

/** Which gear file a header is (its first column), or null for another list. */
export function gearFileOf(header: readonly string[]): GearType | null {
  if (header.includes('Bike Name')) return 'Bike'
  if (header.includes('Shoe Name')) return 'Shoes'
  return null
}

/**
 * One row of a gear file, by column name; null when it names nothing. `Default Sport Types` lists
 * Strava's sport names (`Ride`, `Run,TrailRun`), read as our sports by `sportOf`.
 */
export function gearOfRow(type: GearType, column: (name: string) => string | undefined, sportOf: (name: string) => number | null): ExportGear | null {
  const part = (name: string) => column(`${type === 'Bike' ? 'Bike' : 'Shoe'} ${name}`)?.trim() ?? ''
  const [name, brand, model] = [part('Name'), part('Brand'), part('Model')]
  const brandModel = gearLabel(`${brand} ${model}`)
  // A bike goes by its name; shoes by brand, model and nickname, as `Activity Gear` writes them.
  const label = gearLabel(type === 'Bike' ? name || brandModel : `${brand} ${model} ${name}`)
  if (!label) return null
  const sports = part('Default Sport Types')
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .flatMap((name) => sportOf(name) ?? [])
  return { type, label, description: type === 'Bike' && brandModel && brandModel !== label ? brandModel : null, defaultSportIds: [...new Set(sports)] }
}
