import {
  IconBike,
  IconBikeFilled,
  IconBolt,
  IconCloudSnow,
  IconDotsCircleHorizontal,
  IconGauge,
  IconKayak,
  IconMountain,
  IconPool,
  IconRun,
  IconShoe,
  IconSkiJumping,
  IconSnowflake,
  IconSwimming,
  IconTrekking,
  IconWalk,
  IconQuestionMark,
  type Icon,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { defaultSportColor } from '../../src/domain/sports'

/** One distinct glyph per sport label (spec §3); unknown labels get a neutral mark. */
export const SPORT_ICONS: Readonly<Record<string, Icon>> = {
  'Cycling (Sport)': IconBike,
  'Cycling (Transport)': IconBikeFilled,
  Hiking: IconTrekking,
  'Mountain Biking': IconMountain,
  'Mountain Biking (Electric)': IconBolt,
  Rowing: IconKayak,
  Running: IconRun,
  'Skiing (Alpine)': IconSkiJumping,
  'Skiing (Cross Country)': IconSnowflake,
  Snowshoes: IconCloudSnow,
  Trail: IconShoe,
  Walking: IconWalk,
  'Swimming (Pool)': IconPool,
  'Swimming (Open Water)': IconSwimming,
  'Cycling (Indoor)': IconGauge,
  Other: IconDotsCircleHorizontal,
}

/** The colour a sport is drawn in: the user's choice, else the sport's default. */
export function sportColor(label: string, userColor: string | null | undefined): string {
  return userColor ?? defaultSportColor(label)
}

/** A sport's icon, coloured by the user's colour or the sport default, titled with its translated name. */
export function SportIcon({ label, color, size = 24 }: { label: string; color?: string | null; size?: number }) {
  const { t } = useTranslation()
  const Glyph = SPORT_ICONS[label] ?? IconQuestionMark
  const name = t(`sports.${label}`, { defaultValue: label })
  return (
    <Glyph
      size={size}
      color={sportColor(label, color)}
      stroke={1.8}
      role="img"
      aria-label={name}
      data-testid="sport-icon"
      data-color={sportColor(label, color)}
    >
      <title>{name}</title>
    </Glyph>
  )
}
