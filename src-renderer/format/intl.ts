/**
 * Intl formatters kept per language and options. Building one costs ~100× using it, and a first
 * load formats hundreds of figures and dates (42 calendar cells, every card's numbers).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()
const numberFormats = new Map<string, Intl.NumberFormat>()

function kept<F>(formats: Map<string, F>, language: string, options: object, build: () => F): F {
  const key = `${language}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (format === undefined) {
    format = build()
    formats.set(key, format)
  }
  return format
}

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateTimeFormats, language, options, () => new Intl.DateTimeFormat(language, options))
}

export function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, language, options, () => new Intl.NumberFormat(language, options))
}

/** A calendar month (`YYYY-MM`) as words: "November 2026", "novembre 2026". */
export function monthTitle(month: string, language: string): string {
  return dateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
}
