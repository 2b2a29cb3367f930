import { Card, Progress, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { InsightsRecomputeProgress } from '../../../src/contracts'
import { call } from '../../api/client'

/** How often the admin page asks while the background recompute runs. */
const POLL_MS = 2000

/**
 * Progress of the background computation of earlier workouts' splits, laps and best efforts after
 * an upgrade; shown only when there was something to compute.
 */
export function InsightsRecomputeCard() {
  const { t } = useTranslation()
  const [progress, setProgress] = useState<InsightsRecomputeProgress | null>(null)
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const answer = await call('getInsightsRecompute')
        if (!live) return
        setProgress(answer.data)
        if (answer.data.running) timer = setTimeout(() => void poll(), POLL_MS)
      } catch {
        // An older server without the endpoint, or a network hiccup: the card stays hidden.
      }
    }
    void poll()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [])
  if (!progress || progress.total === 0) return null
  const percent = Math.round((100 * progress.done) / progress.total)
  return (
    <Card withBorder data-testid="insights-recompute-card">
      <Stack gap={6}>
        <Text fw={600}>{t('insights.RECOMPUTE.TITLE')}</Text>
        <Progress value={percent} aria-label={t('insights.RECOMPUTE.TITLE')} />
        <Text size="sm" c="dimmed">
          {t(progress.running ? 'insights.RECOMPUTE.RUNNING' : 'insights.RECOMPUTE.DONE', { done: progress.done, total: progress.total, failed: progress.failed })}
        </Text>
      </Stack>
    </Card>
  )
}
