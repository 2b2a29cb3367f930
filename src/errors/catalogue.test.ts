import { describe, expect, it } from 'vitest'
import { AppError, wireErrorOf } from './app-error'
import { wireMessageOf } from './catalogue'

// Expected texts are the specification's §8 catalogue, not read back from our catalogue.
describe('wire messages', () => {
  it('sends the specification text of the condition a precise file code refines', () => {
    expect(wireMessageOf('track_xml_invalid')).toBe('error during gpx file parsing')
    expect(wireMessageOf('fit_corrupt')).toBe('error during gpx file parsing')
    expect(wireMessageOf('track_no_timestamps')).toBe('error during gpx processing')
    expect(wireMessageOf('invalid_credentials')).toBe('invalid credentials')
    expect(wireMessageOf('workout_duplicate')).toBe('this workout was already imported')
  })

  it('puts our own reason and its specifics in detail, and no detail that repeats the message', () => {
    expect(wireErrorOf('track_xml_invalid', new AppError('track_xml_invalid', { detail: 'character 12: unexpected end of document' }))).toEqual({
      status: 'error',
      message: 'error during gpx file parsing',
      code: 'track_xml_invalid',
      detail: 'the file is not valid XML (it may be damaged or incomplete): character 12: unexpected end of document',
    })
    expect(wireErrorOf('forbidden')).toEqual({ status: 'error', message: 'you do not have permissions', code: 'forbidden' })
    const lines = new AppError('username_length', ['username_length', 'password_length'])
    expect(wireErrorOf('username_length', lines)).toEqual({
      status: 'error',
      message: 'username: 3 to 30 characters required\npassword: 8 characters required',
      code: 'username_length',
      codes: ['username_length', 'password_length'],
    })
  })
})
