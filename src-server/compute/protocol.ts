import type { MessagePort } from 'node:worker_threads'
import type { Bounds, LatLon } from '../../src/domain/analysis'
import type { ErrorCode } from '../../src/errors'
import type { AnalysedFile, AnalysisSummary, ExportGpxOptions, ParseAndAnalyseOptions, TileImage, TrackHeader } from './compute-tasks'
import type { ExportKind, ExportPlan } from '../modules/workouts/export-archives'
import type { PackedInsights } from './packed-insights'

/** What a thread tells the pool once warm (see `ComputePool.ready`), beside piscina's own messages. */
export const WARMED_UP = 'waymark:compute-thread-warm'

/** What each compute thread is started with. */
export interface ComputeWorkerData {
  /** Where the thread writes its built-in ride to warm up before taking tasks (see `warm-up.ts`); absent: no warm-up. */
  readonly warmUpDir?: string
}

/** What the event loop asks a compute worker to do. */
export type ComputeRequest =
  | { readonly task: 'parseAndAnalyse'; readonly path: string; readonly options: ParseAndAnalyseOptions }
  | { readonly task: 'analyseArriving'; readonly port: MessagePort; readonly sizeHint: number; readonly limitMs: number }
  | { readonly task: 'exportGpx'; readonly path: string; readonly options: ExportGpxOptions; readonly target: string }
  | {
      readonly task: 'drawMap'
      readonly lines: readonly (readonly LatLon[])[]
      readonly bounds: Bounds
      readonly tiles: readonly TileImage[] | null
    }
  | { readonly task: 'hashPassword'; readonly password: string; readonly rounds: number }
  | { readonly task: 'verifyPassword'; readonly password: string; readonly hash: string }
  | { readonly task: 'readExportMetadata'; readonly kind: ExportKind; readonly path: string; readonly name: string; readonly maxRows: number }

/**
 * What the event loop posts to an `analyseArriving` task, in this order: the upload's bytes in
 * blocks, their end, then the analysis' options; or an abort at any point.
 */
export type ArrivingMessage = Uint8Array | { readonly end: true } | { readonly options: ParseAndAnalyseOptions } | { readonly abort: true }

/**
 * An error as it crosses the thread boundary: catalogued (rebuilt as an `AppError`) or not. No
 * multi-line `AppError` (form validation) is thrown by a worker's tasks, so none crosses with lines.
 */
export type WireError =
  | { readonly kind: 'app'; readonly code: ErrorCode; readonly detail?: string }
  | { readonly kind: 'other'; readonly message: string; readonly code?: string }

/** An analysed file as it crosses the thread boundary: failures as wire errors. */
export type WireAnalysedFile = Omit<AnalysedFile, 'activities'> & {
  readonly activities: readonly {
    readonly track: TrackHeader
    readonly analysis?: Omit<AnalysisSummary, 'insights'> & { readonly insights: Omit<PackedInsights, 'document'> & { readonly document: Uint8Array } }
    /** Buffers arrive as plain Uint8Arrays. */
    readonly packed?: { readonly chart: Uint8Array; readonly polyline: Uint8Array; readonly heatmap: string }
    readonly map?: Uint8Array | null
    readonly failure?: WireError
  }[]
}

/** A worker's answer. */
export type ComputeReply =
  | { readonly ok: true; readonly task: 'parseAndAnalyse'; readonly value: WireAnalysedFile }
  | { readonly ok: true; readonly task: 'analyseArriving'; readonly value: WireAnalysedFile | null }
  | { readonly ok: true; readonly task: 'drawMap'; readonly value: Uint8Array }
  | { readonly ok: true; readonly task: 'exportGpx'; readonly value: number }
  | { readonly ok: true; readonly task: 'hashPassword'; readonly value: string }
  | { readonly ok: true; readonly task: 'verifyPassword'; readonly value: boolean }
  | { readonly ok: true; readonly task: 'readExportMetadata'; readonly value: ExportPlan }
  | { readonly ok: false; readonly error: WireError }
