import { useMediaQuery } from '@mantine/hooks'

/** Phones (480 px and narrower, 30em) read list rows as cards: a table there scrolls sideways or cuts its figures. */
export function usePhone(): boolean {
  // Read at the first render, so a phone never draws the table before the cards.
  return useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false }) ?? false
}
