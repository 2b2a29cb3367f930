import { describe, expect, it } from 'vitest'
import { inKeyOrder, type PackedRow } from './packed-rows'

/**
 * A row as the list's statement hands it over: its texts and integers packed with its keys (part,
 * position in the page, rank within the workout) last, one real column. `label` names it for the
 * expected order; the leading integer runs against the keys, so sorting by the front fails.
 */
function row(label: string, part: number, position: number, rank: number, leading: number): PackedRow {
  return { packed: JSON.stringify([label, leading, part, position, rank]), r0: leading / 4 }
}

// A page of three workouts (positions 1–3), written by hand in the order the list must read them:
// workouts by position, then segments by position and index, then records by position and rank,
// then the sums. Workout 2 has no segments, workout 3 no records; equal ranks meet across positions.
const expected = [
  ...[row('workout 1', 0, 1, 0, 90), row('workout 2', 0, 2, 0, 80), row('workout 3', 0, 3, 0, 70)],
  ...[row('segment 1.0', 1, 1, 0, 60), row('segment 1.1', 1, 1, 1, 50), row('segment 1.2', 1, 1, 2, 40)],
  ...[row('segment 3.0', 1, 3, 0, 30), row('segment 3.1', 1, 3, 1, 20)],
  ...[row('record 1.1', 2, 1, 1, 15), row('record 1.2', 2, 1, 2, 10), row('record 2.1', 2, 2, 1, 5)],
  row('sums', 3, 0, 0, 0),
]

/** The same rows shuffled by a fixed seed, so every run feeds the sort the same disorder. */
function shuffled(rows: readonly PackedRow[], seed: number): PackedRow[] {
  const copy = [...rows]
  let state = seed
  for (let index = copy.length - 1; index > 0; index -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    const other = state % (index + 1)
    ;[copy[index], copy[other]] = [copy[other] as PackedRow, copy[index] as PackedRow]
  }
  return copy
}

const labels = (rows: readonly { readonly values: readonly unknown[] }[]) => rows.map(({ values }) => values[0])

describe('inKeyOrder', () => {
  const orders: [string, PackedRow[]][] = [
    ['reversed', [...expected].reverse()],
    ...[1, 7, 42, 2026].map((seed): [string, PackedRow[]] => [`shuffled (seed ${seed})`, shuffled(expected, seed)]),
  ]

  it.each(orders)('orders rows handed over %s by part, then position, then rank', (_, rows) => {
    expect(rows.map((one) => one.packed)).not.toEqual(expected.map((one) => one.packed))
    const ordered = inKeyOrder(rows, 3)
    expect(labels(ordered)).toEqual(labels(expected.map((one) => ({ values: JSON.parse(one.packed) as unknown[] }))))
    // Each row keeps its own columns and its packed text parsed whole.
    for (const { row: one, values } of ordered) expect(values).toEqual(JSON.parse(one.packed))
    expect(ordered.map(({ row: one }) => one)).toEqual(expected)
  })

  it('orders by the last keys only, whatever the fields before them', () => {
    const two = [row('b', 0, 2, 0, 1), row('a', 0, 1, 0, 2)]
    expect(labels(inKeyOrder(two, 2))).toEqual(['a', 'b'])
    // With one key (the rank, all 0) the order handed over stays.
    expect(labels(inKeyOrder(two, 1))).toEqual(['b', 'a'])
  })
})
