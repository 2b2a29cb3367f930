import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

/** The four strength labels for the 0–4 score (0 and 1 are both weak). */
export type StrengthLabel = 'WEAK' | 'AVERAGE' | 'GOOD' | 'STRONG'

export function strengthLabel(score: number): StrengthLabel {
  if (score <= 1) return 'WEAK'
  if (score === 2) return 'AVERAGE'
  if (score === 3) return 'GOOD'
  return 'STRONG'
}

export interface StrengthResult {
  score: number
  /** zxcvbn feedback keys (no translations are loaded, so it returns keys), translated by the UI. */
  warning: string | null
  suggestions: string[]
}

let factory: Promise<ZxcvbnFactory> | undefined

/** The estimator with common, English, French and German word lists, loaded on first use. */
function estimator(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-fr'),
    import('@zxcvbn-ts/language-de'),
  ]).then(
    ([core, common, en, fr, de]) =>
      new core.ZxcvbnFactory({
        graphs: common.adjacencyGraphs,
        // Each language's lists are kept under their own names so none overwrites another.
        dictionary: {
          ...common.dictionary,
          ...en.dictionary,
          ...Object.fromEntries(Object.entries(fr.dictionary).map(([name, words]) => [`fr-${name}`, words])),
          ...Object.fromEntries(Object.entries(de.dictionary).map(([name, words]) => [`de-${name}`, words])),
        },
      }),
  )
  return factory
}

/** Scores a password (0–4) with feedback keys; `userInputs` (username, e-mail) count as weak words. */
export async function estimateStrength(password: string, userInputs: string[] = []): Promise<StrengthResult> {
  const zxcvbn = await estimator()
  const result = await zxcvbn.checkAsync(password, userInputs)
  return {
    score: result.score,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  }
}
