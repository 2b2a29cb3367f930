/**
 * What every first load runs, whatever the page: React, the router, i18next and Mantine's core
 * with the few components of the layout (header, footer, loader). Left alone the bundler cuts them
 * into some twenty small chunks shared with the lazy pages: each a request, and each of their style
 * sheets render-blocking, on a phone. Kept to the layout's own needs, so no page loads more.
 */
const SHELL_MODULES = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next)[\\/]`,
    String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]`,
    String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Anchor|Box|Center|Group|Loader|Text|Transition|UnstyledButton)[\\/]`,
    String.raw`waymark-mantine-base\.css$`,
    String.raw`[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes)\.mjs$`,
  ].join('|'),
)

/** The shell chunk's group for the UI build's code splitting. */
export const shellChunk = { name: 'shell', test: SHELL_MODULES }
