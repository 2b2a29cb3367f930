export * from './bridge'
export * from './channels'
export * from './file-types'
export * from './schemas'
