import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DataSource } from 'typeorm'
import { afterEach, beforeEach } from 'vitest'
import { createDataSource, openReadDataSource } from '../db/data-source'

/** The two connections of a test database: the writer and a read connection, as the server opens them. */
export interface NoteDatabases {
  readonly writer: DataSource
  readonly reader: DataSource
}

/**
 * For each test of the calling `describe`, a fresh SQLite file with one `note (id, text)` table,
 * opened as the server opens its database (a writer and a read-only connection), removed after.
 * Read its connections inside the tests (they are new for each).
 */
export function useNoteDatabases(name: string): NoteDatabases {
  let dir = ''
  let current: NoteDatabases | null = null
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), `waymark-${name}-`))
    const path = join(dir, `${name}.sqlite`)
    const writer = createDataSource(path)
    await writer.initialize()
    await writer.query('CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)')
    current = { writer, reader: await openReadDataSource(path) }
  })
  afterEach(async () => {
    await current?.reader.destroy()
    await current?.writer.destroy()
    current = null
    await rm(dir, { recursive: true, force: true })
  })
  const open = (): NoteDatabases => {
    if (!current) throw new Error('the note databases exist only inside a test')
    return current
  }
  return {
    get writer() {
      return open().writer
    },
    get reader() {
      return open().reader
    },
  }
}
