import bcrypt from 'bcryptjs'

/** Password hashing with a fixed bcrypt cost (lowered only in tests). */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  /** Compares in constant work even when there is no account (`hash` null). */
  verify(password: string, hash: string | null): Promise<boolean>
}

export function createPasswordHasher(rounds: number): PasswordHasher {
  // Comparing against a throw-away hash when the account does not exist keeps login timing the
  // same for known and unknown e-mails.
  let dummyHash: Promise<string> | null = null
  return {
    hash: (password) => bcrypt.hash(password, rounds),
    async verify(password, hash) {
      if (hash) return bcrypt.compare(password, hash)
      dummyHash ??= bcrypt.hash('no account', rounds)
      await bcrypt.compare(password, await dummyHash)
      return false
    },
  }
}
