import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createChartAnswers, type ChartInputs } from './chart-answers'

/**
 * The kept answers' own rules (the API test, `chart-answers.int`, states which inputs a read
 * compares): an answer is made again only when no answer is kept for exactly these inputs, and at
 * most `maxBytes` are kept (an entry weighs its chart's bytes plus its gzipped answer's), the least
 * recently read going first. Sizes are zlib's own gzip of the same text at the kept level (6).
 */
describe('kept chart answers', () => {
  const chartOf = (...bytes: number[]) => Uint8Array.from(bytes)
  const inputsOf = (chart: Uint8Array, maxSpeed: number | null = 30, measured = true): ChartInputs => ({ chart, maxSpeed, measured })
  const textOf = (id: string, round: number) => JSON.stringify({ id, round, points: [1, 2, 3] })
  /** What an entry of this text and chart weighs. */
  const weight = (text: string, chart: Uint8Array) => chart.byteLength + gzipSync(text, { level: 6 }).length

  /** Kept answers whose answer makers count their calls, per workout. */
  function answers(maxBytes: number) {
    const kept = createChartAnswers(maxBytes)
    const made = new Map<string, number>()
    return {
      made,
      /** The answer of `id` for `inputs`, decoded; its maker's text says how many times it was made. */
      async read(id: string, inputs: ChartInputs): Promise<string> {
        const gzipped = await kept.gzipped(id, inputs, () => {
          made.set(id, (made.get(id) ?? 0) + 1)
          return Promise.resolve(textOf(id, made.get(id) ?? 0))
        })
        return gunzipSync(gzipped).toString('utf8')
      },
    }
  }

  it('sends the gzipped answer, made once while the inputs are the same bytes and figures', async () => {
    const cache = answers(1 << 20)
    // A view into a larger buffer (as a stored chart read from a row may be), then arrays of its bytes: the same inputs.
    expect(await cache.read('a', inputsOf(chartOf(9, 1, 2, 3, 9).subarray(1, 4)))).toBe(textOf('a', 1))
    expect(await cache.read('a', inputsOf(chartOf(1, 2, 3)))).toBe(textOf('a', 1))
    expect(await cache.read('a', inputsOf(chartOf(0, 1, 2, 3).subarray(1)))).toBe(textOf('a', 1))
    expect(cache.made.get('a')).toBe(1)
  })

  it('makes the answer again when the chart, the top speed or the distance flag differ, and keeps the new one', async () => {
    const cache = answers(1 << 20)
    const chart = chartOf(1, 2, 3)
    await cache.read('a', inputsOf(chart, 30, true))
    expect(await cache.read('a', inputsOf(chartOf(1, 2, 4), 30, true))).toBe(textOf('a', 2))
    expect(await cache.read('a', inputsOf(chartOf(1, 2, 3, 4), 30, true))).toBe(textOf('a', 3))
    expect(await cache.read('a', inputsOf(chart, 30, true))).toBe(textOf('a', 4))
    expect(await cache.read('a', inputsOf(chart, 25, true))).toBe(textOf('a', 5))
    expect(await cache.read('a', inputsOf(chart, null, true))).toBe(textOf('a', 6))
    expect(await cache.read('a', inputsOf(chart, null, false))).toBe(textOf('a', 7))
    expect(await cache.read('a', inputsOf(chart, null, false))).toBe(textOf('a', 7))
    // Another workout's answer is its own, even of the same inputs.
    expect(await cache.read('b', inputsOf(chart, null, false))).toBe(textOf('b', 1))
    expect(await cache.read('a', inputsOf(chart, null, false))).toBe(textOf('a', 7))
  })

  it('keeps an answer that weighs exactly the limit, and never one above it', async () => {
    const chart = chartOf(1, 2, 3)
    const exact = answers(weight(textOf('a', 1), chart))
    await exact.read('a', inputsOf(chart))
    await exact.read('a', inputsOf(chart))
    expect(exact.made.get('a')).toBe(1)

    const under = answers(weight(textOf('a', 1), chart) - 1)
    expect(await under.read('a', inputsOf(chart))).toBe(textOf('a', 1))
    expect(await under.read('a', inputsOf(chart))).toBe(textOf('a', 2))
  })

  it('keeps answers up to exactly the limit together, then lets the least recently read go first', async () => {
    const chart = chartOf(1, 2, 3)
    // The ids' texts have the same length, and each is kept as made the first time.
    const one = weight(textOf('a', 1), chart)
    expect(weight(textOf('b', 1), chart)).toBe(one)
    expect(weight(textOf('c', 1), chart)).toBe(one)
    expect(weight(textOf('a', 2), chart)).toBe(one)
    const cache = answers(2 * one)
    await cache.read('a', inputsOf(chart))
    await cache.read('b', inputsOf(chart))
    // Both fit exactly: neither is made again.
    await cache.read('a', inputsOf(chart))
    await cache.read('b', inputsOf(chart))
    expect([cache.made.get('a'), cache.made.get('b')]).toEqual([1, 1])
    // a was read before b: c takes its place, b stays.
    await cache.read('c', inputsOf(chart))
    await cache.read('b', inputsOf(chart))
    expect(cache.made.get('b')).toBe(1)
    // Reading b again made it the latest: a (made again) takes c's place, not b's.
    await cache.read('a', inputsOf(chart))
    expect(cache.made.get('a')).toBe(2)
    await cache.read('b', inputsOf(chart))
    await cache.read('a', inputsOf(chart))
    expect([cache.made.get('a'), cache.made.get('b'), cache.made.get('c')]).toEqual([2, 1, 1])
  })

  it('counts a replaced answer out: a workout made again many times keeps its place and leaves room for another', async () => {
    const chart = chartOf(1, 2, 3)
    const one = weight(textOf('a', 1), chart)
    const cache = answers(2 * one)
    await cache.read('b', inputsOf(chart))
    // a's answer is replaced at each new top speed (rounds 1 to 9 weigh the same).
    for (let speed = 1; speed <= 9; speed++) await cache.read('a', inputsOf(chart, speed))
    expect(weight(textOf('a', 9), chart)).toBe(one)
    // Were the replaced answers still counted, b would have gone; both are kept.
    await cache.read('b', inputsOf(chart))
    await cache.read('a', inputsOf(chart, 9))
    expect([cache.made.get('a'), cache.made.get('b')]).toEqual([9, 1])
  })
})
