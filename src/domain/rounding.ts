/** 10^d for the decimals a figure is rounded to (exact doubles up to 10^22). */
const POWERS = Array.from({ length: 16 }, (_, d) => 10 ** d)

/**
 * `Number(value.toFixed(decimals))` (how the API rounds its figures: half away from zero on the
 * double's exact value), without its string: a chart column rounds thousands of values and the
 * string round trip was most of a 2,000-point file's analysis. `Math.round(|v| × 10^d)` is the
 * same integer unless the product lies within its own rounding error of a half (then `toFixed`
 * decides), and dividing that integer by 10^d is correctly rounded, as parsing its digits is.
 * @param decimals 0–15
 */
export function roundLikeToFixed(value: number, decimals: number): number {
  // Stryker disable next-line LogicalOperator: `&&` also gives 10 ** decimals, the table's own value
  const power = POWERS[decimals] ?? 10 ** decimals
  const magnitude = Math.abs(value)
  const scaled = magnitude * power
  // Past 2^52 a double has no fraction left to round; NaN and ±Infinity go the same way.
  if (!(scaled < 4_503_599_627_370_496)) return Number(value.toFixed(decimals))
  const fraction = scaled - Math.floor(scaled)
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator,UnaryOperator: a wider margin only sends more values to toFixed (the definition itself); a narrower one, at its exact edge or below 2^-10 (a fraction far from a half), loses none
  if (Math.abs(fraction - 0.5) <= scaled * 2 ** -50 + 2 ** -60) return Number(value.toFixed(decimals))
  const rounded = Math.round(scaled) / power
  // toFixed keeps the sign of a negative value rounded to zero ("-0.00" reads as -0).
  return value < 0 ? -rounded : rounded
}
