import { MantineProvider } from '@mantine/core'
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { MemoryRouter } from 'react-router-dom'
import { loadAllTexts } from '../i18n'
import { theme } from '../theme'

// Lets React know these tests drive updates through act().
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export interface Rendered {
  container: HTMLElement
  rerender: (node: ReactNode) => Promise<void>
  unmount: () => void
}

function wrap(node: ReactNode, path: string): ReactNode {
  return (
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </MantineProvider>
  )
}

/** Renders a component with the app's theme, translations and a router, as the app does. */
export async function render(node: ReactNode, path = '/'): Promise<Rendered> {
  await loadAllTexts()
  const container = document.createElement('div')
  document.body.appendChild(container)
  let root: Root | undefined
  await act(() => {
    root = createRoot(container)
    root.render(wrap(node, path))
    // A thenable makes act() also flush the effects and promises that follow.
    return Promise.resolve()
  })
  return {
    container,
    rerender: async (next) => {
      await act(() => {
        root?.render(wrap(next, path))
        return Promise.resolve()
      })
    },
    unmount: () => {
      act(() => root?.unmount())
      container.remove()
    },
  }
}

/** Clicks an element inside act(). */
export async function click(element: Element | null | undefined): Promise<void> {
  if (!(element instanceof HTMLElement)) throw new Error('Nothing to click')
  await act(() => {
    element.click()
    return Promise.resolve()
  })
}

/** Types a value into an input or text area the way React sees it. */
export async function typeInto(element: Element | null | undefined, value: string): Promise<void> {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) throw new Error('No field')
  const prototype = element instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype
  await act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value)
    element.dispatchEvent(new Event('input', { bubbles: true }))
    return Promise.resolve()
  })
}

/** Finds a button by its visible text anywhere in the document (modals render in a portal). */
export function buttonNamed(text: string): HTMLButtonElement | undefined {
  return [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === text)
}
