import { describe, expect, it } from 'vitest'
import { END, render, scoreOf, START, summarise, withSummary } from './mutation-summary'

const HEADER = ['| scope | tests run | killed | survived | no coverage | score |', '|---|---|---|---|---|---|']

/** A table of the README's kinds of rows; the sums below are counted by hand from it. */
const TABLE = [
  ...HEADER,
  '| `src/domain/pace` | `src/domain/**` | 41 | 0 | 0 | 100 % |',
  '| `src/domain/geo` | tests whose names match `geo || distance` | 54 | 6 | 0 | 90.0 % |',
  // An older run of the same scope, then its newer one (without its parenthesised notes, the same scope).
  '| `src-server/modules/workouts/export-archives.ts` | unit | 219 | 105 | 58 | 57.3 % |',
  '| `src-server/modules/workouts/export-archives.ts` (522 mutants (11 not run) in all) | more | 1,462 (2 by timeout) | 45 | 4 | 96.7 % |',
  '| `src-server/importers/xml`: `xml-reader.ts` (its scanning not run) | `src-server/importers/xml/**` | 489 (80 by timeout) | 30 | 0 | 94.2 % |',
  '| `src-server/modules/stats/stats.service.ts` (161 mutants) | `stats.int` | 122 (52 by timeout) | 34 | 5 | 75.8 % |',
  '| `src-server/modules/auth/account-mail.ts`, and `auth.service.ts` lines 138–211 | `auth.int` | 102 | 9 | 2 | 90.3 % |',
  '| `src-server/modules/sharing/workout-access.ts`, lines 112–128 (20 mutants) | `visibility.int` | 20 | 0 | 0 | 100 % |',
  '| `src-server/modules/sharing/workout-access.ts`, lines 26–105 (who sees what) | `visibility.int` | not measured | | | planted by hand |',
  '| `src-server/compute/compute-pool.ts` (lines 146–276) | `compute-pool.int` | not measured | | | a run was stopped |',
  '| `src-server/db/write-queue.ts` | `write-queue.int` | 88 (46 by timeout) | 16 | 2 | 83.0 % |',
  // Measured since: its earlier "not measured" row is not listed.
  '| `src-server/modules/watch/folder-watcher.ts`, lines 1–100 | `rules` | not measured | | | stopped |',
  '| `src-server/modules/watch/folder-watcher.ts`, lines 1–100 (first run) | `rules` | 30 | 10 | 0 | 75.0 % |',
  // Bugs planted by hand: no figures, and not a scope left to measure.
  '| `src/domain/analysis/map-polyline.ts` before its run | | by hand | | | 10 planted |',
]

describe('the mutation table summed by folder', () => {
  it("counts each scope once by its latest row with figures, in the folder of the first path it names, and lists the scopes only said to be not measured", () => {
    const totals = summarise(['# Waymark', '', 'Scores:', '', ...TABLE, '', 'After the table: | `src/domain/x` | 9 | 9 | 9 |'].join('\n'))
    expect(totals).toEqual([
      { folder: 'domain', goal: 90, killed: 95, survived: 6, noCoverage: 0, notMeasured: [] },
      { folder: 'importers', goal: 90, killed: 489, survived: 30, noCoverage: 0, notMeasured: [] },
      {
        folder: 'services',
        goal: 80,
        killed: 244,
        survived: 43,
        noCoverage: 7,
        notMeasured: ['`src-server/modules/sharing/workout-access.ts`, lines 26–105'],
      },
      { folder: 'the rest of the server', goal: 80, killed: 1580, survived: 71, noCoverage: 6, notMeasured: ['`src-server/compute/compute-pool.ts`'] },
    ])
    expect(totals.map((total) => scoreOf(total).toFixed(2))).toEqual([(9500 / 101).toFixed(2), (48900 / 519).toFixed(2), (24400 / 294).toFixed(2), (158000 / 1657).toFixed(2)])
  })

  it('renders a row per folder with its score against its goal, then the scopes not measured', () => {
    const totals = summarise(TABLE.join('\n'))
    expect(render(totals).split('\n')).toEqual([
      '| folder | killed | survived | no coverage | score | goal | |',
      '|---|---|---|---|---|---|---|',
      '| domain | 95 | 6 | 0 | 94.1 % | ≥ 90 % | met |',
      '| importers | 489 | 30 | 0 | 94.2 % | ≥ 90 % | met |',
      '| services | 244 | 43 | 7 | 83.0 % | ≥ 80 % | met |',
      '| the rest of the server | 1,580 | 71 | 6 | 95.4 % | ≥ 80 % | met |',
      '',
      'Not measured (no row with figures):',
      '',
      '- services: `src-server/modules/sharing/workout-access.ts`, lines 26–105',
      '- the rest of the server: `src-server/compute/compute-pool.ts`',
    ])
    // A goal missed by a tenth of a point is not met.
    const [domain] = summarise([...HEADER, '| `src/domain/a.ts` | t | 899 | 101 | 0 | 89.9 % |'].join('\n'))
    if (!domain) throw new Error('no domain total')
    expect(render([domain]).split('\n')[2]).toBe('| domain | 899 | 101 | 0 | 89.9 % | ≥ 90 % | not met |')
  })

  it('writes the summary between its markers and leaves the rest of the README as it was', () => {
    const readme = ['Intro.', START, 'an old summary', END, '', ...TABLE, 'End.'].join('\n')
    const written = withSummary(readme)
    expect(written).toBe(['Intro.', START, render(summarise(readme)), '', END, '', ...TABLE, 'End.'].join('\n'))
    expect(withSummary(written)).toBe(written)
    expect(() => withSummary(TABLE.join('\n'))).toThrow(new Error(`the README has no summary markers (${START}, ${END})`))
    expect(() => summarise('no table')).toThrow(/^no mutation table/)
  })
})
