import type { UserEntity } from '../db/entities'
import type { Repositories } from '../db/repositories'
import type { UsersRepository } from '../db/repositories/users.repository'
import type { PasswordHasher } from '../lib/passwords'
import { randomPassword } from '../lib/secrets'

/** A command that cannot be carried out, for a one-line message. */
export class CommandError extends Error {
  override name = 'CommandError'
}

async function findUser(users: UsersRepository, username: string): Promise<UserEntity> {
  const user = await users.byUsername(username)
  if (!user) throw new CommandError(`user "${username}" does not exist`)
  return user
}

/** One line per account: username, e-mail, role, state, registration date. */
export async function listUsers(repository: UsersRepository): Promise<string[]> {
  const users = await repository.allByRegistration()
  if (users.length === 0) return ['no users yet: register the first account in the web page, it becomes the administrator']
  const width = Math.max(8, ...users.map((user) => user.username.length))
  return users.map(
    (user) =>
      `${user.username.padEnd(width)}  ${user.email}  ${user.admin ? 'admin' : 'user'}  ${user.isActive ? 'active' : 'inactive'}  registered ${user.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  )
}

/** Makes a user an active administrator. */
export async function setAdmin(users: UsersRepository, username: string): Promise<string> {
  const user = await findUser(users, username)
  await users.update(user.id, { admin: true, isActive: true })
  return `${user.username} is now an administrator`
}

/** Activates an account that was never confirmed. */
export async function activateUser(users: UsersRepository, username: string): Promise<string> {
  const user = await findUser(users, username)
  await users.update(user.id, { isActive: true, confirmationTokenHash: null, confirmationTokenExpiresAt: null })
  return `${user.username} is now active`
}

/**
 * Gives a user a new random password (printed once) and ends their sessions, the one kept by their
 * last password change included, and their personal access tokens: as a reset by mailed link does.
 */
export async function resetPassword({ users, accessTokens }: Pick<Repositories, 'users' | 'accessTokens'>, passwords: PasswordHasher, username: string): Promise<string> {
  const user = await findUser(users, username)
  const password = randomPassword()
  await users.update(user.id, {
    passwordHash: await passwords.hash(password),
    tokenVersion: user.tokenVersion + 1,
    keptSessionHash: null,
  })
  await accessTokens.revokeAll(user.id, new Date())
  return `new password for ${user.username}: ${password}`
}
