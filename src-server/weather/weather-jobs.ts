import type { Logger } from '../config/server-config'
import type { Database } from '../db/repositories'
import type { Background } from '../lib/background'
import { fetchWeather, type WeatherConfig } from './visual-crossing'

/** A place and time of a workout to ask the weather for. */
export interface WeatherPoint {
  lat: number
  lon: number
  time: number
}

/** Fetches the weather of new workouts in the background, one request at a time. */
export interface WeatherJobs {
  schedule(workoutId: string, start: WeatherPoint | null, end: WeatherPoint | null): void
}

export function createWeatherJobs(
  config: WeatherConfig | null,
  database: Pick<Database, 'write'>,
  background: Background,
  logger: Logger,
): WeatherJobs {
  let queue: Promise<void> = Promise.resolve()
  return {
    schedule(workoutId, start, end) {
      if (!config) return
      background.run((signal) => {
        queue = queue
          .then(async () => {
            if (signal.aborted) return
            const startWeather = start ? await fetchWeather(config, start.lat, start.lon, start.time) : null
            const endWeather = end && !signal.aborted ? await fetchWeather(config, end.lat, end.lon, end.time) : null
            if (!startWeather && !endWeather) return
            await database.write(async ({ workouts }) => {
              const workout = await workouts.byId(workoutId)
              // Weather the user typed meanwhile wins; a deleted workout gets nothing.
              if (!workout) return
              if (startWeather && workout.weatherStart === null) workout.weatherStart = JSON.stringify(startWeather)
              if (endWeather && workout.weatherEnd === null) workout.weatherEnd = JSON.stringify(endWeather)
              await workouts.save(workout)
            })
          })
          .catch((error: unknown) => logger.warn(`weather of workout ${workoutId} not saved: ${String(error)}`))
        return queue
      })
    },
  }
}
