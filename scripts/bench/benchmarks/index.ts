import type { Benchmark } from '../benchmark'
import { trackImportBenchmark } from './track-import.bench'

/** Every benchmark `npm run bench` runs, in order. Add new ones here (one file each). */
export const benchmarks: readonly Benchmark[] = [trackImportBenchmark]
