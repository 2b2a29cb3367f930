import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Decoder, Stream } from '@garmin/fitsdk'
import { activityOfParsedFit, comparable, parseFitWithLibrary } from '../test-support/fit-library-reference'
import { codeOf } from '../test-support/error-code'
import { expected } from '../test-support/real-corpus'
import { realFixtures } from '../../test/workouts'
import { readFitActivity } from './fit-reader'

// The reader against two independent decoders on every real FIT file: about 40 s, so kept apart from
// fit-reader.test.ts's rule tests, which mutation runs name (`WAYMARK_MUTATION_TESTS`).
const corpus = join(realFixtures(), 'fit')

/** The corpus files whose records carry `compressed_speed_distance` (a Forerunner 70, and the fitparse sample). */
const COMPRESSED_SPEED_DISTANCE = new Set(['compressed-speed-distance.fit', 'fit4s-runalyze-fr70-intervals.fit'])

describe('FIT reader on the real corpus', () => {
  it('decodes every intact real FIT file exactly as fit-file-parser does', async () => {
    const files = readdirSync(corpus).filter((name) => name.endsWith('.fit'))
    // Every FIT file of the corpus (each has an expected outcome there), however far it has grown.
    expect(files.length).toBe(Object.keys(expected).filter((name) => name.startsWith('fit/')).length)
    let compared = 0
    for (const name of files) {
      const bytes = readFileSync(join(corpus, name))
      const reference = await parseFitWithLibrary(bytes).then(activityOfParsedFit, () => null)
      // The damaged ones: see real-corpus.test.ts. The VIRB's times count from power-on and we date
      // them by its timestamp_correlation, which fit-file-parser does not apply (see the importer test).
      if (reference === null || name === 'garmin-virb-ultra30.fit') continue
      const [fast, library] = [comparable(readFitActivity(bytes)), comparable(reference)]
      // fit-file-parser leaves compressed_speed_distance undecoded (checked against the SDK in fit-reader.test.ts).
      if (COMPRESSED_SPEED_DISTANCE.has(name)) for (const side of [fast, library]) side.columns = side.columns.slice(0, 8)
      expect(fast, name).toEqual(library)
      compared += 1
    }
    // All but the damaged ones (8 of 102 when this was written) and the VIRB.
    expect(compared).toBeGreaterThan(files.length * 0.9)
  }, 120_000)

  it('ends each session no earlier than its start plus the elapsed time Garmin\'s SDK decodes, on every real FIT file', () => {
    // Some watches stamp the session message with its start: its end is then start + total_elapsed_time,
    // else every record more than an hour after the start loses its time (two files of the corpus did).
    let stampedAtStart = 0
    for (const name of readdirSync(corpus).filter((file) => file.endsWith('.fit'))) {
      const bytes = readFileSync(join(corpus, name))
      const { messages, errors } = new Decoder(Stream.fromBuffer(bytes)).read()
      const sessions = messages.sessionMesgs ?? []
      if (errors.length > 0 || codeOf(() => readFitActivity(bytes)) !== 'no error') continue // damaged: see real-corpus.test.ts
      const ours = readFitActivity(bytes).sessions
      if (sessions.length !== ours.length) continue
      sessions.forEach((session, i) => {
        const { startTime, timestamp, totalElapsedTime } = session
        if (!(startTime instanceof Date) || typeof totalElapsedTime !== 'number') return
        const ranUntil = startTime.getTime() + totalElapsedTime * 1000
        if (timestamp instanceof Date && timestamp.getTime() < ranUntil - 60_000) stampedAtStart += 1
        expect(ours[i]?.end ?? Number.NaN, `${name} session ${i}`).toBeGreaterThanOrEqual(ranUntil - 1)
      })
    }
    expect(stampedAtStart, 'files whose session is stamped before it ended').toBeGreaterThanOrEqual(2)
  }, 120_000)
})
