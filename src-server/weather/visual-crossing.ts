import { weatherIcons, weatherSchema, type Weather } from '../../src/contracts'

/** Where weather comes from: Visual Crossing's timeline API (the reference tracker's provider). */
export interface WeatherConfig {
  readonly apiKey: string
  /** Base URL of the timeline service (overridable for tests and proxies). */
  readonly baseUrl: string
}

export const VISUAL_CROSSING_URL = 'https://weather.visualcrossing.com/VisualCrossingWebServices/rest/services/timeline'

const WEATHER_TIMEOUT_MS = 8000

interface Conditions {
  temp?: unknown
  humidity?: unknown
  windspeed?: unknown
  winddir?: unknown
  icon?: unknown
}

/**
 * The weather at a place and time, or null when the provider cannot say (offline, error, or an
 * answer that does not make sense). Units: °C, humidity as a fraction, wind in m/s.
 */
export async function fetchWeather(config: WeatherConfig, lat: number, lon: number, epochMs: number): Promise<Weather | null> {
  // The provider reads hours best: ask for the nearest whole hour.
  const hour = Math.round(epochMs / 3_600_000) * 3600
  const url = `${config.baseUrl}/${lat.toFixed(5)},${lon.toFixed(5)}/${hour}?unitGroup=metric&include=current&iconSet=icons1&key=${encodeURIComponent(config.apiKey)}`
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(WEATHER_TIMEOUT_MS) })
    if (!response.ok) return null
    const body = (await response.json()) as { currentConditions?: Conditions }
    const now = body.currentConditions
    if (!now) return null
    const icon = weatherIcons.find((known) => known === now.icon) ?? (typeof now.icon === 'string' && now.icon.includes('rain') ? 'rain' : 'cloudy')
    const parsed = weatherSchema.safeParse({
      icon,
      temperature: now.temp,
      humidity: typeof now.humidity === 'number' ? now.humidity / 100 : now.humidity,
      wind: typeof now.windspeed === 'number' ? now.windspeed / 3.6 : now.windspeed,
      windBearing: now.winddir,
    })
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
