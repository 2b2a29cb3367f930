import type { DataSource } from 'typeorm'
import type { UserEntity } from '../db/entities'
import { usersRepository } from '../db/repositories/users.repository'
import type { PasswordHasher } from '../lib/passwords'
import { randomPassword } from '../lib/secrets'

/** A command that cannot be carried out, for a one-line message. */
export class CommandError extends Error {
  override name = 'CommandError'
}

async function findUser(db: DataSource, username: string): Promise<UserEntity> {
  const user = await usersRepository(db.manager).byUsername(username)
  if (!user) throw new CommandError(`user "${username}" does not exist`)
  return user
}

/** One line per account: username, e-mail, role, state, registration date. */
export async function listUsers(db: DataSource): Promise<string[]> {
  const users = await usersRepository(db.manager).allByRegistration()
  if (users.length === 0) return ['no users yet: register the first account in the web page, it becomes the administrator']
  const width = Math.max(8, ...users.map((user) => user.username.length))
  return users.map(
    (user) =>
      `${user.username.padEnd(width)}  ${user.email}  ${user.admin ? 'admin' : 'user'}  ${user.isActive ? 'active' : 'inactive'}  registered ${user.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  )
}

/** Makes a user an active administrator. */
export async function setAdmin(db: DataSource, username: string): Promise<string> {
  const user = await findUser(db, username)
  await usersRepository(db.manager).update(user.id, { admin: true, isActive: true })
  return `${user.username} is now an administrator`
}

/** Activates an account that was never confirmed. */
export async function activateUser(db: DataSource, username: string): Promise<string> {
  const user = await findUser(db, username)
  await usersRepository(db.manager).update(user.id, { isActive: true, confirmationTokenHash: null, confirmationTokenExpiresAt: null })
  return `${user.username} is now active`
}

/** Gives a user a new random password (printed once) and ends their sessions. */
export async function resetPassword(db: DataSource, passwords: PasswordHasher, username: string): Promise<string> {
  const user = await findUser(db, username)
  const password = randomPassword()
  await usersRepository(db.manager).update(user.id, {
    passwordHash: await passwords.hash(password),
    tokenVersion: user.tokenVersion + 1,
  })
  return `new password for ${user.username}: ${password}`
}
