import de from './titles/de.json'
import en from './titles/en.json'
import fr from './titles/fr.json'

/** Parts of the day a default title names, by the local hour they start at. */
const PERIODS = [
  { from: 5, period: 'morning' },
  { from: 12, period: 'afternoon' },
  { from: 17, period: 'evening' },
  { from: 22, period: 'night' },
] as const

type Period = (typeof PERIODS)[number]['period']

interface TitleTexts {
  PERIOD: Record<Period, string>
  ACTIVITY: Record<string, string>
  TRANSITION: string
}

const TEXTS: Readonly<Record<string, TitleTexts>> = { en, fr, de }

/** The part of the day of a local hour (0–23): night from 22:00 to 04:59. */
export function periodOfHour(hour: number): Period {
  return [...PERIODS].reverse().find(({ from }) => hour >= from)?.period ?? 'night'
}

/**
 * A workout's default title as runners' apps word it, in the user's language and without a clock
 * time (which would go stale when the user changes time zone): `Morning run`, `Sortie vélo du
 * soir`, `Lauf am Morgen`. A sport without its own word reads as its label.
 */
export function workoutTitle(sportLabel: string, localHour: number, language: string): string {
  const texts: TitleTexts = TEXTS[language] ?? en
  const activity = texts.ACTIVITY[sportLabel] ?? sportLabel
  return texts.PERIOD[periodOfHour(localHour)].replace('{{activity}}', activity)
}

/** The title of a multisport file's transition, numbered in the file's order (1-based) as triathletes say T1, T2: `Transition 1`, `Wechsel 2`. */
export function transitionTitle(number: number, language: string): string {
  return (TEXTS[language] ?? en).TRANSITION.replace('{{number}}', String(number))
}
