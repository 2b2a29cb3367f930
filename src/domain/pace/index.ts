export * from './pace'
