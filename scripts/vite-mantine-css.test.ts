import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BASE_SHEETS, WHOLE_SHEET, componentSheet } from './vite-mantine-css'

const require = createRequire(import.meta.url)
const coreFolder = dirname(require.resolve('@mantine/core/styles.css'))

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)]))
}

/** The rules of a sheet, one per line, without the layer wrapper and blank space. */
function rules(css: string): string[] {
  return css
    .replace(/@layer mantine\s*\{/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== '}')
}

describe('Mantine styles split by component (UI build)', () => {
  const modules = filesUnder(join(coreFolder, 'esm')).filter((file) => file.endsWith('.module.mjs'))
  const sheets = modules.map((file) => componentSheet(file))

  it('maps every component class-name module to its sheet, and nothing else', () => {
    expect(modules.length).toBeGreaterThan(100)
    expect(sheets.filter((sheet) => sheet === null)).toEqual([])
    expect(componentSheet(join(coreFolder, 'esm/components/Button/Button.module.mjs'))).toBe('@mantine/core/styles/Button.layer.css')
    expect(componentSheet(join(coreFolder, 'esm/components/Button/Button.mjs'))).toBeNull()
    expect(componentSheet('/work/src-renderer/features/dashboard/Dashboard.module.css')).toBeNull()
  })

  it('loses no style: the base sheets and the component sheets hold every rule of the whole sheet', () => {
    const pieces = [...BASE_SHEETS, ...new Set(sheets.filter((sheet) => sheet !== null))].flatMap((sheet) => rules(readFileSync(require.resolve(sheet), 'utf8')))
    const whole = rules(readFileSync(require.resolve(WHOLE_SHEET), 'utf8'))
    const present = new Set(pieces)
    expect(whole.filter((rule) => !present.has(rule))).toEqual([])
    expect(pieces.length).toBe(whole.length)
  })
})
