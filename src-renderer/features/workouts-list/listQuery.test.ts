import { describe, expect, it } from 'vitest'
import { DEFAULT_QUERY, invalidFilters, pageItems, parseListQuery, toApiQuery, toSearchParams } from './listQuery'

const parse = (text: string) => parseListQuery(new URLSearchParams(text))

describe('workout list query string', () => {
  it('uses the defaults for an empty address', () => {
    expect(parse('')).toEqual(DEFAULT_QUERY)
    expect(toSearchParams(DEFAULT_QUERY).toString()).toBe('')
  })

  it('keeps valid values and round-trips them', () => {
    const text = 'page=3&per_page=25&order=asc&order_by=distance&from=2024-01-01&to=2024-02-01&sport_id=5&distance_from=5&duration_to=1%3A30&title=morning'
    const query = parse(text)
    expect(query).toMatchObject({ page: 3, per_page: 25, order: 'asc', order_by: 'distance' })
    expect(query.filters).toEqual({ from: '2024-01-01', to: '2024-02-01', sport_id: '5', distance_from: '5', duration_to: '1:30', title: 'morning' })
    expect(parse(toSearchParams(query).toString())).toEqual(query)
    expect(toApiQuery(query)).toMatchObject({ page: 3, per_page: 25, sport_id: '5', title: 'morning' })
  })

  it('falls back to defaults for invalid values and drops invalid filters', () => {
    const query = parse('page=-2&per_page=7&order=up&order_by=title&from=2024-13-01&sport_id=abc&distance_from=-1&duration_from=90&ave_speed_to=fast&title=%20%20')
    expect(query).toEqual(DEFAULT_QUERY)
    expect(parse('per_page=1000').per_page).toBe(10)
    expect(parse('page=1.5').page).toBe(1)
  })

  it('names the filters the API would refuse', () => {
    expect(invalidFilters({ duration_from: '90', distance_to: 'far', from: '2024-02-30', title: 'ok', ave_speed_from: '12.5', duration_to: '1:30' })).toEqual([
      'from',
      'distance_to',
      'duration_from',
    ])
  })

  it('drops the end of a reversed date range', () => {
    expect(parse('from=2024-05-01&to=2024-04-01').filters).toEqual({ from: '2024-05-01' })
  })
})

describe('page selector', () => {
  it('shows every page up to 8', () => {
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })

  it('uses dots beyond 8 pages', () => {
    expect(pageItems(1, 9)).toEqual([1, 2, 3, 4, 5, 'dots', 9])
    expect(pageItems(5, 20)).toEqual([1, 'dots', 4, 5, 6, 'dots', 20])
    expect(pageItems(20, 20)).toEqual([1, 'dots', 16, 17, 18, 19, 20])
    expect(pageItems(3, 20)).toEqual([1, 2, 3, 4, 5, 'dots', 20])
    expect(pageItems(18, 20)).toEqual([1, 'dots', 16, 17, 18, 19, 20])
  })
})

describe('filter units', () => {
  it('shows km filters in miles and sends miles back as km', async () => {
    const { filtersForForm, filtersFromForm } = await import('./filterUnits')
    expect(filtersForForm({ distance_from: '10', title: 'x' }, true)).toEqual({ distance_from: '6.21', title: 'x' })
    expect(filtersFromForm({ distance_from: '6.21371', max_speed_to: ' ', title: ' run ' }, true)).toEqual({ distance_from: '10', title: 'run' })
    expect(filtersFromForm({ ave_speed_from: '12.5' }, false)).toEqual({ ave_speed_from: '12.5' })
  })
})
