export * from './resources'
