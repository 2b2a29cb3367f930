/** 1 MB as the spec counts it (§9): sizes are entered in MB and travel in bytes. */
export const BYTES_PER_MB = 1_048_576

/** Bytes as megabytes, rounded to 2 decimals for display and for the edit form. */
export function bytesToMb(bytes: number): number {
  return Math.round((bytes / BYTES_PER_MB) * 100) / 100
}

/** Megabytes as whole bytes (the API counts bytes). */
export function mbToBytes(mb: number): number {
  return Math.round(mb * BYTES_PER_MB)
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const
export type SizeUnit = (typeof SIZE_UNITS)[number]

/** A byte count in the largest 1024-based unit that keeps the value at 1 or more. */
export function humanSize(bytes: number): { value: number; unit: SizeUnit; decimals: number } {
  let value = Math.max(0, bytes)
  let index = 0
  while (value >= 1024 && index < SIZE_UNITS.length - 1) {
    value /= 1024
    index += 1
  }
  return { value, unit: SIZE_UNITS[index] ?? 'B', decimals: index === 0 ? 0 : 1 }
}
