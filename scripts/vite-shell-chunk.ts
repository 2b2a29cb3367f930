/**
 * What every first load runs, whatever the page: React, the router, i18next and Mantine's core
 * with the few components of the layout (header, footer, loader) and of nearly every page (card,
 * error box). Left alone the bundler cuts them into some twenty small chunks shared with the lazy
 * pages: each a request, and each of their style sheets render-blocking, on a phone. Kept to what
 * the login page needs anyway, so it loads no more.
 */
const SHELL_MODULES = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next)[\\/]`,
    String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]`,
    String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Anchor|Box|Card|Center|CloseButton|Group|Loader|Paper|Text|Transition|UnstyledButton)[\\/]`,
    String.raw`[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-id|utils[\\/]random-id)[\\/]`,
    String.raw`[\\/]src-renderer[\\/]components[\\/]ErrorBox\.tsx$`,
    // The session and API error modules the signed-in chunk's hooks read (see below), with what they import.
    String.raw`[\\/]src-renderer[\\/](session[\\/]store|api[\\/](ApiError|early))\.ts$`,
    String.raw`waymark-mantine-base\.css$`,
    String.raw`[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/](IconRoute|IconTrophy))\.mjs$`,
  ].join('|'),
)

/** The shell chunk's group for the UI build's code splitting. */
export const shellChunk = { name: 'shell', test: SHELL_MODULES, priority: 2 }

/**
 * What the signed-in pages share beyond the shell and the login page does not need: sport icons,
 * dates in the user's zone, units, the loading overlay. One chunk rather than a dozen requests of
 * a few hundred bytes before the dashboard can draw (a phone's dashboard loads 8 scripts, was 12).
 * The group takes its modules' imports along: the entry's own modules they import (session, API
 * client and errors) are therefore in the shell, or the entry, and the login page, would load this chunk.
 */
const SIGNED_IN_MODULES = new RegExp(
  [
    String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Grid|LoadingOverlay|Overlay|VisuallyHidden)[\\/]`,
    String.raw`[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](IconChevronLeft|IconChevronRight|IconClock|IconHome|IconRun)\.mjs$`,
    String.raw`[\\/]src-renderer[\\/]components[\\/](SportIcon\.tsx|formatDuration\.ts)$`,
    String.raw`[\\/]src-renderer[\\/]format[\\/](dates|units)\.ts$`,
    String.raw`[\\/]src-renderer[\\/]components[\\/](useLoad|useFigures)\.ts$`,
    String.raw`[\\/]src-renderer[\\/]features[\\/](equipment[\\/]wear|sharing[\\/]notificationsChanged)\.ts$`,
    String.raw`[\\/]node_modules[\\/]dayjs[\\/]`,
  ].join('|'),
)

/** The signed-in pages' shared chunk (after the shell: a module in both stays in the shell). */
export const signedInChunk = { name: 'signed-in', test: SIGNED_IN_MODULES, priority: 1 }
