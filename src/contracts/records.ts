import { endpoint } from './endpoint'
import type { UserRecord } from './users'

export interface RecordsResponse {
  status: 'success'
  data: { records: UserRecord[] }
}

export const recordEndpoints = {
  getRecords: endpoint<RecordsResponse>()({ method: 'GET', path: '/records', access: 'user' }),
}
