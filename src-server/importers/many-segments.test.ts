import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import v8 from 'node:v8'
import { afterAll, describe, expect, it } from 'vitest'
import { analyseTrack } from '../../src/domain/analysis'
import { importGpxString } from './gpx/gpx-importer'
import { importTrackFile } from './import-track-file'
import { manySegmentsGpx } from './test-support/many-segments'
import { singleActivity } from './test-support/single-activity'

const work = mkdtempSync(join(tmpdir(), 'waymark-segments-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('issue 14 H1: a GPX of very many segments', () => {
  it('150,000 one-point segments import (no per-segment allocation of the whole file, no spread overflow)', async () => {
    const path = join(work, 'one-point.gpx')
    writeFileSync(path, manySegmentsGpx(150_000, 1))
    const before = process.memoryUsage().rss
    const track = singleActivity(await importTrackFile(path))
    expect(track.tracks[0]?.segments.length).toBe(150_000)
    // Each segment's columns start at 16 points: well under 100 MB for the whole file (the old
    // capacity of file size ÷ 100 points per segment needed hundreds of gigabytes).
    expect(process.memoryUsage().rss - before).toBeLessThan(600 * 1024 * 1024)
    // One-point segments cannot be measured: refused with the catalogued reason, not a crash.
    expect(() => analyseTrack(track)).toThrow(expect.objectContaining({ code: 'track_no_points' }))
    // Generous: the point is finishing at all (the old code froze for minutes), on a loaded machine.
  }, 120_000)

  // Bytes allocated are the same however loaded the machine; V8 reports them from Node 26 on (CI runs it).
  const allocated = (): number | undefined => (v8.getHeapStatistics() as v8.HeapInfo & { total_allocated_bytes?: number }).total_allocated_bytes
  it.runIf(allocated() !== undefined)('200,000 one-point segments are read allocating under 2.2 KB each (one segment builder for the file, not one each)', () => {
    const xml = manySegmentsGpx(200_000, 1)
    const before = allocated() ?? 0
    const track = importGpxString(xml)
    const perSegment = ((allocated() ?? 0) - before) / 200_000
    expect(track.tracks[0]?.segments.length).toBe(200_000)
    // ~1.85 KB with one builder; a new builder per segment (its 9 columns and 4 arrays of 16 values): 2.4 KB.
    expect(perSegment).toBeLessThan(2200)
  }, 120_000)

  it('8,000 two-point segments are analysed as 8,000 segments', async () => {
    const path = join(work, 'two-point.gpx')
    writeFileSync(path, manySegmentsGpx(8_000, 2))
    const { segments } = analyseTrack(singleActivity(await importTrackFile(path)))
    expect(segments.length).toBe(8_000)
  }, 120_000)
})
