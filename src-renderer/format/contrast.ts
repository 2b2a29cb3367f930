/**
 * Non-text contrast (WCAG 2.1, 1.4.11: 3:1) for glyphs drawn in a user's or a sport's colour:
 * the colour is kept when it reads on every background of a theme, else darkened (light theme) or
 * lightened (dark theme) by the smallest step that makes it read.
 */

/** Where icons sit in the light theme: cards (white), the page (gray-0) and hovered rows (gray-1). */
export const LIGHT_BACKGROUNDS = ['#ffffff', '#f8f9fa', '#f1f3f5'] as const
/** Where icons sit in the dark theme: cards (dark-7), the page (dark-8), striped and hovered rows (dark-6, dark-5). */
export const DARK_BACKGROUNDS = ['#242424', '#1f1f1f', '#2e2e2e', '#3b3b3b'] as const

/** Above 3:1 with a margin, so a rounding in the browser never drops it below. */
const TARGET = 3.1

type Rgb = readonly [number, number, number]

function rgbOf(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  if (!match?.[1]) return null
  const value = parseInt(match[1], 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

const hexOf = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`

/** WCAG relative luminance (0 black, 1 white). */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [first, second] = [rgbOf(a), rgbOf(b)]
  if (!first || !second) return 1
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/**
 * `hex` as it reads on `backgrounds`: unchanged when it already reaches 3:1 on each, else mixed
 * towards black (`darken`) or white by the least amount that does. A colour it cannot parse is
 * returned as it is.
 */
export function readableOn(hex: string, backgrounds: readonly string[], darken: boolean): string {
  const rgb = rgbOf(hex)
  if (!rgb) return hex
  const target = darken ? 0 : 255
  for (let share = 0; share <= 1; share += 0.02) {
    const mix = (channel: number) => channel + (target - channel) * share
    const mixed = hexOf([mix(rgb[0]), mix(rgb[1]), mix(rgb[2])])
    if (backgrounds.every((background) => contrastRatio(mixed, background) >= TARGET)) return share === 0 ? hex : mixed
  }
  return hexOf([target, target, target])
}

/** A CSS colour for a glyph in `hex` that reads in both themes (`light-dark()` picks one per scheme). */
export function glyphColor(hex: string): string {
  return `light-dark(${readableOn(hex, LIGHT_BACKGROUNDS, true)}, ${readableOn(hex, DARK_BACKGROUNDS, false)})`
}
