import { createTheme, type MantineColorsTuple } from '@mantine/core'

/**
 * Waymark's look: a pine-green primary (trail markers, forest) with a warm "ember" accent for
 * highlights, rounded cards and a calm type scale. Light and dark follow the OS.
 */
const pine: MantineColorsTuple = [
  '#e8f6f1',
  '#d3ebe3',
  '#a6d6c5',
  '#76c0a6',
  '#4fad8c',
  '#37a17c',
  '#279a73',
  '#188661',
  '#0b7755',
  '#006747',
]

const ember: MantineColorsTuple = [
  '#fff1e6',
  '#fde2d0',
  '#f7c3a1',
  '#f2a26e',
  '#ed8743',
  '#eb7627',
  '#ea6d18',
  '#d05c0b',
  '#ba5005',
  '#a24300',
]

export const theme = createTheme({
  primaryColor: 'pine',
  // Shade 8 in both schemes: white on it passes WCAG AA (5.6:1); shade 6 did not (3.6:1).
  primaryShade: { light: 8, dark: 8 },
  colors: { pine, ember },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    // A table wider than a phone shows its scrollbar whenever it overflows (Mantine shows it only
    // on hover, which touch screens never do), so its cut columns read as more to scroll to.
    // Its viewport takes the keyboard's focus, so arrow keys scroll a table that has no link or button (WCAG 2.1.1).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { type: 'auto', viewportProps: { tabIndex: 0 } } } },
  },
})
