import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import { apiRoutes } from './scripts/vite-api-routes'
import { mantineCssPerComponent } from './scripts/vite-mantine-css'
import { shellChunk, signedInChunk } from './scripts/vite-shell-chunk'
import { precompress } from './scripts/vite-precompress'

/**
 * The page's Content Security Policy forbids eval (`script-src 'self'`). zod probes for it with
 * `new Function("")` when its object schemas are built, before any `z.config({ jitless: true })`
 * of ours can run, and Chromium reports the refused probe as a policy violation. In the UI build
 * the probe answers "no eval" at once (zod then parses without compiling, as under `jitless`).
 */
function zodWithoutEvalProbe(): Plugin {
  const probe = 'if (globalConfig.jitless) {'
  return {
    name: 'waymark-zod-without-eval-probe',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]util\.js$/.test(id)) return null
      if (!code.includes(probe)) this.error('zod no longer has the eval probe this build step expects: review zodWithoutEvalProbe')
      return code.replace(probe, 'if (true) {')
    },
  }
}

/**
 * One build for every way Waymark runs: the Node entries (headless server, admin CLI; the
 * Electron main process joins them) and the React UI that the server hands to browsers and to
 * the desktop window alike.
 */
export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      sourcemap: true,
      rolldownOptions: {
        input: {
          server: resolve(__dirname, 'src-server/main.ts'),
          cli: resolve(__dirname, 'src-server/cli.ts'),
          index: resolve(__dirname, 'src-main/index.ts'),
          'server-host': resolve(__dirname, 'src-main/server/host.ts'),
          // Loaded by the server's worker threads (parsing, analysis, map drawing) from its own file.
          'compute-worker': resolve(__dirname, 'src-server/compute/compute-worker.ts'),
          // The benchmarks' server process (bench settings, peak memory on exit) and track-import
          // child on the same bundled code; a `test` folder, which packages leave out (electron-builder.yml).
          'test/server-child': resolve(__dirname, 'src-server/test/server-child.ts'),
          'test/track-import': resolve(__dirname, 'scripts/bench/benchmarks/track-import.child.ts'),
        },
      },
    },
  },
  // Sandboxed preload: one CommonJS file that requires nothing but `electron`.
  preload: {
    build: {
      externalizeDeps: true,
      rolldownOptions: { input: { index: resolve(__dirname, 'src-main/preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    // API routes without zod; Mantine's styles split by screen; brotli and gzip copies of every
    // script, style sheet and page, served by Accept-Encoding.
    plugins: [react(), apiRoutes(), zodWithoutEvalProbe(), mantineCssPerComponent(), precompress()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified; browsers on the network download it, and
      // the dashboard's scripts are ~390 KB gzipped minified against ~620 KB as they were.
      minify: true,
      rolldownOptions: {
        input: resolve(__dirname, 'src-renderer/index.html'),
        // What every first load runs, as one script and one sheet (not ~20 small shared chunks), and
        // what the signed-in pages share, as one more.
        output: { codeSplitting: { groups: [shellChunk, signedInChunk] } },
      },
    },
    server: { proxy: { '/api': 'http://127.0.0.1:5000' } },
  },
})
