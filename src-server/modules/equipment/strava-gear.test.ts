import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { SPORT_ID } from '../../../src/domain/sports'
import { planStrava } from '../workouts/export-archives'

describe("a Strava export's gear lists", () => {
  it('reads shoes as Activity Gear names them (brand model name, without a blank nickname) and counts their rows in the budget', async () => {
    const csv = ['Shoe Name,Shoe Brand,Shoe Model,Shoe Default Sport Types', 'Daily,Nike,Pegasus 40,Run', ',Hoka,  Clifton 9 ,Run', ',,,', 'Spare,Asics,Novablast,Run'].join('\n')
    const plan = await planStrava(Readable.from([Buffer.from(csv)]), 2)
    expect(plan.gear).toEqual([
      { type: 'Shoes', label: 'Nike Pegasus 40 Daily', description: null, defaultSportIds: [SPORT_ID.running] },
      { type: 'Shoes', label: 'Hoka Clifton 9', description: null, defaultSportIds: [SPORT_ID.running] },
    ])
    // With the budget (2 rows) spent, reading stops at the next row, with one error naming where.
    expect(plan.errors).toEqual([{ key: 'shoes.csv, line 4 and after', code: 'export_too_many_rows' }])
  })

  it('names a bike by its name, brand and model in its description, and cuts a label to 50 characters', async () => {
    const long = 'B'.repeat(60)
    const csv = ['Bike Name,Bike Brand,Bike Model,Bike Default Sport Types', 'Ox,Bianchi,Advantage,Ride', `${long},Trek,Domane,Ride`].join('\n')
    const plan = await planStrava(Readable.from([Buffer.from(csv)]), 10)
    expect(plan.gear).toEqual([
      { type: 'Bike', label: 'Ox', description: 'Bianchi Advantage', defaultSportIds: [SPORT_ID.cyclingSport] },
      { type: 'Bike', label: 'B'.repeat(50), description: 'Trek Domane', defaultSportIds: [SPORT_ID.cyclingSport] },
    ])
    expect(plan.errors).toEqual([])
  })

  it("reads Default Sport Types as our sports: several names in one field, Strava's names, none when blank or unknown", async () => {
    const csv = ['Shoe Name,Shoe Brand,Shoe Model,Shoe Default Sport Types', 'Trail,Salomon,Speedcross,"Run,TrailRun,Hike"', 'Plain,Asics,Kayano,', 'Odd,Brooks,Ghost,Quidditch'].join('\n')
    const plan = await planStrava(Readable.from([Buffer.from(csv)]), 10)
    expect(plan.gear.map((item) => item.defaultSportIds)).toEqual([[SPORT_ID.running, SPORT_ID.trail, SPORT_ID.hiking], [], []])
  })
})
