import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'

// In the packaged desktop app the built server runs from inside `app.asar`, and piscina starts
// the compute worker from there with `require` (the bundle is CommonJS). Electron reads asar
// archives in worker threads since version 18 (electron/electron#33216), so the worker stays in
// the archive: unpacked (`asarUnpack`), it could not reach the packages it requires, which stay
// inside. What can break is the bundle's wiring, checked here on the built output: every file the
// worker loads is in `out/` (packed whole), and every package it loads is a runtime dependency
// (electron-builder packs only those).

const root = resolve(__dirname, '..', '..')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

/** The package a bare specifier names (`fit-file-parser/profile` → `fit-file-parser`, `@scope/a/b` → `@scope/a`). */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')

/** Every file of the build a bundle file loads, itself included, and the packages they load. */
function loadedBy(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = []
  const packages = new Set<string>()
  const pending = [entry]
  while (pending.length > 0) {
    const file = pending.pop() ?? ''
    if (files.includes(file)) continue
    files.push(file)
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(/\brequire\(["']([^"']+)["']\)/g)) {
      if (specifier.startsWith('.')) pending.push(createRequire(file).resolve(specifier))
      else if (!specifier.startsWith('node:')) packages.add(packageOf(specifier))
    }
  }
  return { files, packages }
}

test('the compute worker of the build loads only files of out/ and runtime dependencies, as packed in the asar', () => {
  const worker = join(root, 'out', 'main', 'compute-worker.js')
  expect(existsSync(worker), 'run `electron-vite build` first').toBe(true)
  const { files, packages } = loadedBy(worker)
  // The worker bundle shares chunks with the server bundle.
  expect(files.length).toBeGreaterThan(1)
  for (const file of files) expect(file.startsWith(join(root, 'out', 'main'))).toBe(true)
  // The packages the worker reads and draws with, and piscina, which starts it from the server.
  expect(packages.size).toBeGreaterThan(0)
  for (const name of [...packages, 'piscina']) {
    expect(manifest.dependencies, `${name} must be a runtime dependency to be packed`).toHaveProperty([name])
    expect(() => createRequire(worker).resolve(name)).not.toThrow()
  }
  // Asar support in worker threads.
  expect(Number(/\d+/.exec(manifest.devDependencies.electron ?? '')?.[0])).toBeGreaterThanOrEqual(18)
})
