import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { generatedFixtures } from './generated-fixtures'

const root = fileURLToPath(new URL('../../../tests/fixtures/', import.meta.url))
const update = process.env.WAYMARK_UPDATE_FIXTURES === '1'

describe('generated fixtures', () => {
  it.each(Object.entries(generatedFixtures()))('%s is stored and up to date', (name, content) => {
    const path = join(root, name)
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content)
    if (update || !existsSync(path)) {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, bytes)
    }
    expect(readFileSync(path).equals(bytes)).toBe(true)
  })
})
