/**
 * Gear of a Strava bulk export (research §6): `bikes.csv` (`Bike Name, Bike Brand, Bike Model, …`)
 * and `shoes.csv` (`Shoe Name, Shoe Brand, Shoe Model, …`; the nickname may be blank). Neither file
 * has an id: `activities.csv`'s `Activity Gear` names a bike by its name and shoes as
 * "brand model name", so that text is the item's label and the key that links activities to it.
 * Pure (it runs in the metadata thread).
 */

/** The equipment type of each gear file, by the reference tracker's type label. */
export type GearType = 'Bike' | 'Shoes'

/** One piece of gear of the export. */
export interface ExportGear {
  type: GearType
  /** What `Activity Gear` calls it, which becomes the item's label (see {@link gearLabel}). */
  label: string
  description: string | null
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

/** One row of a gear file, by column name; null when it names nothing. */
export function gearOfRow(type: GearType, column: (name: string) => string | undefined): ExportGear | null {
  const part = (name: string) => column(`${type === 'Bike' ? 'Bike' : 'Shoe'} ${name}`)?.trim() ?? ''
  const [name, brand, model] = [part('Name'), part('Brand'), part('Model')]
  const brandModel = gearLabel(`${brand} ${model}`)
  // A bike goes by its name; shoes by brand, model and nickname, as `Activity Gear` writes them.
  const label = gearLabel(type === 'Bike' ? name || brandModel : `${brand} ${model} ${name}`)
  if (!label) return null
  return { type, label, description: type === 'Bike' && brandModel && brandModel !== label ? brandModel : null }
}
