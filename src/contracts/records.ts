import { z } from 'zod'
import { endpoint } from './endpoint'
import { userRecordSchema } from './users'

const recordsResponseSchema = z.object({ status: z.literal('success'), data: z.object({ records: z.array(userRecordSchema) }) })
export type RecordsResponse = z.infer<typeof recordsResponseSchema>

export const recordEndpoints = {
  getRecords: endpoint()({ method: 'GET', path: '/records', access: 'user', response: recordsResponseSchema }),
}
