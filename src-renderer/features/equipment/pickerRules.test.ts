import { describe, expect, it } from 'vitest'
import { itemsForSport, keptForSport, withNewPick } from './pickerRules'

// Types and sport labels as the reference tracker names them (research §4).
const item = (id: string, type: string) => ({ id, equipment_type: { id: 0, label: type, is_active: true } })
const shoesA = item('shoesA', 'Shoes')
const shoesB = item('shoesB', 'Shoes')
const bike = item('bike', 'Bike')
const misc = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'].map((id) => item(id, 'Misc'))
const all = [shoesA, shoesB, bike, ...misc]

describe('the equipment picker', () => {
  it('offers only the items that go with the sport (Misc with any)', () => {
    expect(itemsForSport(all, 'Running').map((piece) => piece.id)).toEqual(['shoesA', 'shoesB', ...misc.map((piece) => piece.id)])
    expect(itemsForSport(all, 'Rowing').map((piece) => piece.id)).toEqual(misc.map((piece) => piece.id))
    expect(itemsForSport(all, 'Cycling (Sport)')).toHaveLength(all.length)
  })

  it('drops, on a new sport, the chosen items that no longer go with it', () => {
    expect(keptForSport(all, ['bike', 'shoesA', 'm1'], 'Running')).toEqual(['shoesA', 'm1'])
    expect(keptForSport(all, ['bike', 'shoesA'], 'Rowing')).toEqual([])
    // An item the picker does not know is for the server to judge.
    expect(keptForSport(all, ['gone'], 'Rowing')).toEqual(['gone'])
  })

  it('lets a new pick replace the item of its type, and keeps at most 5 Misc items', () => {
    expect(withNewPick(all, ['shoesA', 'bike'], ['shoesA', 'bike', 'shoesB'])).toEqual(['bike', 'shoesB'])
    const five = misc.slice(0, 5).map((piece) => piece.id)
    expect(withNewPick(all, five, [...five, 'm6'])).toEqual(five)
    expect(withNewPick(all, ['m1'], ['m1', 'm2', 'shoesB'])).toEqual(['m1', 'm2', 'shoesB'])
    expect(withNewPick(all, [], ['shoesA', 'shoesB'])).toEqual(['shoesB'])
  })
})
