import { afterEach, describe, expect, it } from 'vitest'
import { click, render, type Rendered } from '../../test/render'
import { ListPagination } from './ListPagination'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
})

const pageButtons = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].filter((button) => /^Page \d+$/.test(button.getAttribute('aria-label') ?? '')).map((button) => button.textContent)

describe('list pagination', () => {
  it('is absent for a single page and lists every page up to 8', async () => {
    rendered = await render(<ListPagination page={1} pages={1} onChange={() => undefined} onStep={() => undefined} />)
    expect(rendered.container.querySelector('nav')).toBeNull()
    rendered.unmount()
    rendered = await render(<ListPagination page={3} pages={8} onChange={() => undefined} onStep={() => undefined} />)
    expect(pageButtons(rendered.container)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'])
    expect(rendered.container.querySelectorAll('[data-testid="pagination-dots"]')).toHaveLength(0)
  })

  it('uses dots beyond 8 pages, reports the page chosen and the arrows as steps', async () => {
    const chosen: number[] = []
    const steps: number[] = []
    rendered = await render(<ListPagination page={6} pages={12} onChange={(page) => chosen.push(page)} onStep={(step) => steps.push(step)} />)
    expect(pageButtons(rendered.container)).toEqual(['1', '5', '6', '7', '12'])
    expect(rendered.container.querySelectorAll('[data-testid="pagination-dots"]')).toHaveLength(2)
    expect(rendered.container.querySelector('[aria-current="page"]')?.textContent).toBe('6')
    await click(rendered.container.querySelector('[aria-label="Page 12"]'))
    await click(rendered.container.querySelector('[aria-label="Next page"]'))
    await click(rendered.container.querySelector('[aria-label="Previous page"]'))
    expect(chosen).toEqual([12])
    expect(steps).toEqual([1, -1])
  })
})
