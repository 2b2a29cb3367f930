export * from './language'
export * from './resources'
