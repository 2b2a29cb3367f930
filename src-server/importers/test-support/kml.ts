import type { ReferenceActivity } from './reference-figures'

/** A KML document around `body`, with the namespaces Google Earth declares. */
export const kmlDocument = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><name>Morning walk</name>${body}</Document></kml>`

/** A recording as Google Earth writes it: one gx:Track per segment in a gx:MultiTrack, heart rate in its extended data. */
export function googleEarthKml(activity: ReferenceActivity): string {
  const tracks = activity.segments.map((points) => {
    const whens = points.map((point) => `<when>${new Date(point.time).toISOString()}</when>`).join('')
    const coords = points.map((point) => `<gx:coord>${point.lon} ${point.lat} ${point.ele}</gx:coord>`).join('')
    const hr = points.map((_, index) => `<gx:value>${120 + (index % 20)}</gx:value>`).join('')
    return `<gx:Track>${whens}${coords}<ExtendedData><SchemaData schemaUrl="#schema"><gx:SimpleArrayData name="heart_rate">${hr}</gx:SimpleArrayData></SchemaData></ExtendedData></gx:Track>`
  })
  return kmlDocument(`<Placemark><name>Morning walk</name><gx:MultiTrack>${tracks.join('')}</gx:MultiTrack></Placemark>`)
}
