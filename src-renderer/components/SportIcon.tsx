import {
  IconBike,
  IconBolt,
  IconBriefcase,
  IconDotsCircleHorizontal,
  IconHome,
  IconKayak,
  IconMountain,
  IconPool,
  IconQuestionMark,
  IconRoute,
  IconRun,
  IconSkiJumping,
  IconSnowflake,
  IconSwimming,
  IconTrekking,
  IconWalk,
  type Icon,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { defaultSportColor } from '../../src/domain/sports'
import { glyphColor } from '../format/contrast'

/**
 * A sport's glyph: one outline figure (Tabler, the app's icon set) and, for the variants of a
 * sport, a small second glyph in the corner that says which (a peak for mountain biking, a bolt
 * for the electric one, snow for snowshoes…), so every sport is told apart in one style.
 */
export interface SportGlyph {
  glyph: Icon
  badge?: Icon
}

/** One distinct glyph per sport label (spec §3, and the sports read from files); unknown labels get a neutral mark. */
export const SPORT_ICONS: Readonly<Record<string, SportGlyph>> = {
  'Cycling (Sport)': { glyph: IconBike },
  'Cycling (Transport)': { glyph: IconBike, badge: IconBriefcase },
  'Cycling (Indoor)': { glyph: IconBike, badge: IconHome },
  'Mountain Biking': { glyph: IconBike, badge: IconMountain },
  'Mountain Biking (Electric)': { glyph: IconBike, badge: IconBolt },
  Hiking: { glyph: IconTrekking },
  Snowshoes: { glyph: IconTrekking, badge: IconSnowflake },
  Running: { glyph: IconRun },
  Trail: { glyph: IconRun, badge: IconMountain },
  Walking: { glyph: IconWalk },
  Rowing: { glyph: IconKayak },
  'Skiing (Alpine)': { glyph: IconSkiJumping, badge: IconMountain },
  'Skiing (Cross Country)': { glyph: IconSkiJumping, badge: IconRoute },
  'Swimming (Pool)': { glyph: IconPool },
  'Swimming (Open Water)': { glyph: IconSwimming },
  Other: { glyph: IconDotsCircleHorizontal },
}

/** What tells two sport glyphs apart (figure and corner mark). */
export function sportGlyphKey(entry: SportGlyph): string {
  return `${entry.glyph.displayName ?? ''}/${entry.badge?.displayName ?? ''}`
}

/** The colour a sport is drawn in: the user's choice, else the sport's default. */
export function sportColor(label: string, userColor: string | null | undefined): string {
  return userColor ?? defaultSportColor(label)
}

/** A sport's icon, coloured by the user's colour or the sport default (readable in both themes), named with its translated name. */
export function SportIcon({ label, color, size = 24 }: { label: string; color?: string | null; size?: number }) {
  const { t } = useTranslation()
  const { glyph: Glyph, badge: Badge } = SPORT_ICONS[label] ?? { glyph: IconQuestionMark }
  const name = t(`sports.${label}`, { defaultValue: label })
  const tint = sportColor(label, color)
  const badgeSize = Math.max(8, Math.round(size * 0.5))
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      data-testid="sport-icon"
      data-color={tint}
      // The glyph in the sport's colour, darkened or lightened where that would not read at 3:1 (e.g. purple running on dark).
      style={{ position: 'relative', display: 'inline-flex', flex: 'none', width: size, height: size, color: glyphColor(tint) }}
    >
      <Glyph size={size} stroke={1.8} aria-hidden />
      {Badge && (
        <Badge
          size={badgeSize}
          stroke={2.2}
          aria-hidden
          style={{
            position: 'absolute',
            right: -Math.round(size * 0.18),
            bottom: -Math.round(size * 0.12),
            background: 'var(--mantine-color-body)',
            borderRadius: '50%',
            padding: 1,
          }}
        />
      )}
    </span>
  )
}
