import { randomUUID } from 'node:crypto'

// The reference tracker's short-id alphabet: no 0, 1, I, O or l.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const BASE = BigInt(ALPHABET.length)
const LENGTH = 22

/** A random 22-character id in the reference tracker's format (a UUID v4 in base 57). */
export function shortId(): string {
  let value = BigInt(`0x${randomUUID().replace(/-/g, '')}`)
  let id = ''
  while (value > 0n) {
    id = ALPHABET[Number(value % BASE)] + id
    value /= BASE
  }
  return id.padStart(LENGTH, ALPHABET[0])
}

/** True for a string that can be a short id (checked before any lookup). */
export function isShortId(value: string): boolean {
  return value.length === LENGTH && [...value].every((char) => ALPHABET.includes(char))
}
