import { Anchor, Group, Popover, Stack, Text } from '@mantine/core'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { Link } from 'react-router-dom'
import type { Sport, Workout } from '../../../src/contracts'
import { SportIcon } from '../../components/SportIcon'
import { formatDateTime } from '../../format/dates'

interface DayWorkoutsProps {
  /** The day's button, which opens and closes the list. */
  target: ReactNode
  targetRef: RefObject<HTMLButtonElement | null>
  workouts: readonly Workout[]
  sports: readonly Sport[]
  timezone: string | null
  opened: boolean
  onToggle: (opened: boolean) => void
}

/**
 * A calendar day's workouts in a popover under its button. A chunk of its own, mounted on the
 * day's first click: a month of closed popovers (floating-ui, focus trap) is no first-load work.
 */
export function DayWorkouts({ target, targetRef, workouts, sports, timezone, opened, onToggle }: DayWorkoutsProps) {
  // Once, even when development mode runs effects twice.
  const replayed = useRef(false)
  useEffect(() => {
    if (replayed.current) return
    replayed.current = true
    // The click that mounted this list, replayed on the real target: it opens like any later click,
    // and closing gives the focus back to it.
    targetRef.current?.focus()
    targetRef.current?.click()
  }, [targetRef])
  return (
    <Popover opened={opened} onChange={onToggle} position="bottom" withArrow shadow="md" width={260} trapFocus returnFocus>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown data-testid="calendar-day-workouts">
        <Stack gap={6}>
          {workouts.map((workout) => {
            const sport = sports.find((candidate) => candidate.id === workout.sport_id)
            return (
              <Group key={workout.id} gap={6} wrap="nowrap">
                <SportIcon label={sport?.label ?? ''} color={sport?.color} size={18} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/workouts/${workout.id}`} size="sm" truncate>
                    {workout.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(workout.workout_date, timezone).slice(11)}
                  </Text>
                </Stack>
              </Group>
            )
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
