import { Decoder, Encoder, Profile, Stream, type DeveloperDataIdMesg, type Encodable, type EventMesg, type FieldDescriptionMesg, type FileIdMesg, type Mesg, type RecordMesg, type SessionMesg } from '@garmin/fitsdk'
import { describe, expect, it } from 'vitest'
import { analyseTrack } from '../../../src/domain/analysis'
import { singleActivity } from '../test-support/single-activity'
import { importFitBytes } from './fit-importer'
import { readFitActivity } from './fit-reader'

/**
 * A Connect IQ app recording what the watch does not measure (a rowing machine's monitor, a swim
 * app) writes its figures in developer fields that declare the native field they stand for
 * (`field_description.native_mesg_num`, `native_field_num`), while the watch writes 0 there.
 * Written and read back with Garmin's own SDK: the expected figures are the app's as Garmin decodes them.
 */
const START = Date.UTC(2024, 4, 6, 7)
const SECONDS = 600

function mesgNum(name: string): number {
  const number = Profile.MesgNum[name]
  if (number === undefined) throw new Error(`no FIT message ${name}`)
  return number
}

interface AppField {
  readonly name: string
  readonly units: string
  /** FIT base type: 132 uint16, 134 uint32, 136 float32. */
  readonly type: number
  readonly mesg: number
  readonly field: number
}

const RECORD = mesgNum('RECORD')
const SESSION = mesgNum('SESSION')
/** The app's fields, by key: a distance and a power standing for the record's, a speed "as field 6" in km/h, the session's total. */
const APP_FIELDS: readonly AppField[] = [
  { name: 'Distance', units: 'm', type: 134, mesg: RECORD, field: 5 },
  { name: 'Speed', units: 'km/h', type: 136, mesg: RECORD, field: 6 },
  { name: 'Power', units: 'Watts', type: 132, mesg: RECORD, field: 7 },
  { name: 'Distance', units: 'm', type: 134, mesg: SESSION, field: 9 },
]

/** An indoor row of 600 s at 4 m/s as the app counts it; the watch's own distance is 0, its power 150 W for the first half only. */
function appRow(fields: readonly AppField[] = APP_FIELDS, watchDistance = true): Uint8Array {
  const developerDataIdMesg: Encodable<DeveloperDataIdMesg> = { mesgNum: mesgNum('DEVELOPER_DATA_ID'), developerDataIndex: 0, applicationVersion: 1 }
  const descriptions = fields.map(
    (app, key): Encodable<FieldDescriptionMesg> => ({
      mesgNum: mesgNum('FIELD_DESCRIPTION'),
      developerDataIndex: 0,
      fieldDefinitionNumber: key,
      fitBaseTypeId: app.type,
      fieldName: app.name,
      units: app.units,
      nativeMesgNum: app.mesg,
      nativeFieldNum: app.field,
    }),
  )
  const encoder = new Encoder({ fieldDescriptions: Object.fromEntries(descriptions.map((fieldDescriptionMesg, key) => [key, { developerDataIdMesg, fieldDescriptionMesg }])) })
  const write = <T extends Mesg>(mesg: Encodable<T>) => encoder.writeMesg(mesg)
  const at = (s: number) => new Date(START + s * 1000)
  write<FileIdMesg>({ mesgNum: mesgNum('FILE_ID'), type: 'activity', manufacturer: 'development', timeCreated: at(0) })
  write(developerDataIdMesg)
  for (const description of descriptions) write(description)
  write<EventMesg>({ mesgNum: mesgNum('EVENT'), timestamp: at(0), event: 'timer', eventType: 'start' })
  for (let s = 0; s <= SECONDS; s++) {
    write<RecordMesg>({
      mesgNum: RECORD,
      timestamp: at(s),
      ...(watchDistance ? { distance: 0 } : {}),
      heartRate: 140,
      ...(s < SECONDS / 2 ? { power: 150 } : {}),
      developerFields: { 0: 4 * s, 1: 14.4, 2: 999 },
    })
  }
  write<SessionMesg>({ mesgNum: SESSION, timestamp: at(SECONDS), startTime: at(0), sport: 'rowing', subSport: 'indoorRowing', totalDistance: 0, developerFields: { 3: 4 * SECONDS } })
  return encoder.close()
}

/** The app's session distance and its last record distance, as Garmin's decoder reads them. */
function sdkReading(bytes: Uint8Array) {
  const { messages } = new Decoder(Stream.fromByteArray(Array.from(bytes))).read()
  const records = messages.recordMesgs ?? []
  return {
    nativeM: messages.sessionMesgs?.[0]?.totalDistance,
    appSessionM: Number(messages.sessionMesgs?.[0]?.developerFields?.['3']),
    appRecordM: Number(records[records.length - 1]?.developerFields?.['0']),
  }
}

describe('developer fields standing for native ones', () => {
  it("an app's distance declared as the record's and session's own, in metres, is the distance where the watch wrote 0", () => {
    const bytes = appRow()
    const sdk = sdkReading(bytes)
    expect(sdk).toEqual({ nativeM: 0, appSessionM: 2400, appRecordM: 2400 })
    const { workout } = analyseTrack(singleActivity(importFitBytes(bytes).activities), { stoppedSpeedThresholdKmh: 1 })
    expect(Math.abs((workout.distanceKm ?? Number.NaN) * 1000 - sdk.appRecordM)).toBeLessThanOrEqual(1)
    const { records, sessions } = readFitActivity(bytes)
    expect(sessions[0]?.distanceM).toBe(sdk.appSessionM)
    expect(records.distance?.[SECONDS]).toBe(sdk.appRecordM)
    // A watch writing no distance field at all: the app's is the only one.
    expect(readFitActivity(appRow(APP_FIELDS, false)).records.distance?.[SECONDS]).toBe(sdk.appRecordM)
  })

  it('a native value the watch measured stays; units other than the native field\'s are no stand-in', () => {
    const { records } = readFitActivity(appRow())
    // 150 W from the watch where it measured, the app's 999 W where it wrote none.
    expect(records.power?.[0]).toBe(150)
    expect(records.power?.[SECONDS]).toBe(999)
    // The app's 14.4 "as field 6" is km/h, not the record's m/s: no speed.
    expect(records.speed === null || records.speed.every(Number.isNaN)).toBe(true)
  })

  it("a distance in other units, or standing for another message's field, is not the distance", () => {
    const kilometres = APP_FIELDS.map((app) => (app.name === 'Distance' ? { ...app, units: 'km' } : app))
    expect(readFitActivity(appRow(kilometres)).sessions[0]?.distanceM).toBe(0)
    const lapField = APP_FIELDS.map((app) => (app.mesg === SESSION ? { ...app, mesg: mesgNum('LAP') } : app))
    expect(readFitActivity(appRow(lapField)).sessions[0]?.distanceM).toBe(0)
  })
})
