import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

/** What the UI's entry imports: every Mantine core style, in the `mantine` cascade layer. */
export const WHOLE_SHEET = '@mantine/core/styles.layer.css'
/** The sheets every page needs (reset, theme variables, focus and motion helpers). */
export const BASE_SHEETS = ['baseline', 'default-css-variables', 'global'].map((name) => `@mantine/core/styles/${name}.layer.css`)
const BASE_ID = '\0waymark-mantine-base.css'

/** A Mantine core component's class-name module (`…/core/esm/components/Button/Button.module.mjs`) and its name. */
const COMPONENT_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/

/** The sheet holding a component's styles, for the module of its class names; null for other modules. */
export function componentSheet(id: string): string | null {
  const name = COMPONENT_CLASSES.exec(id)?.[1]
  return name ? `@mantine/core/styles/${name}.layer.css` : null
}

/**
 * Splits Mantine's 300 KB style sheet by screen in the UI build. The entry's whole-sheet import
 * becomes the base sheets alone, and each component's class-name module imports that component's
 * sheet, so a component's styles land in the chunk (and the page) whose scripts use it: the
 * login page loads the styles of its own components only. Dependencies come first as module
 * order goes (Button imports UnstyledButton before its own classes), the order Mantine asks for;
 * the layer keeps the app's own rules above Mantine's whatever order the chunks arrive in.
 * Development serves the whole sheet (its pre-bundled dependencies skip plugins).
 */
export function mantineCssPerComponent(): Plugin {
  const require = createRequire(__filename)
  return {
    name: 'waymark-mantine-css-per-component',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === WHOLE_SHEET ? BASE_ID : null
    },
    load(id) {
      return id === BASE_ID ? BASE_SHEETS.map((sheet) => readFileSync(require.resolve(sheet), 'utf8')).join('\n') : null
    },
    transform(code, id) {
      const sheet = componentSheet(id)
      return sheet ? `${code}\nimport ${JSON.stringify(sheet)}\n` : null
    },
  }
}
