import { resolve } from 'node:path'
import { measureArchiveImport } from './api/archive-import'

/**
 * Profiles an archive import (profiling aid): `profile-archive.ts <files> <profile-dir>` imports
 * a generated archive into a server started with `--cpu-prof`; open the `.cpuprofile` files in
 * Chrome's DevTools (one per thread).
 */
async function main(): Promise<void> {
  const files = Number(process.argv[2] ?? 50)
  const dir = resolve(process.argv[3] ?? 'profiles')
  const figures = await measureArchiveImport(files, { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir] })
  console.log(`${files} files: ${figures.seconds.toFixed(2)} s, peak RSS ${figures.peakRssMb.toFixed(0)} MB, ${figures.imported} imported; profiles in ${dir}`)
}

void main()
