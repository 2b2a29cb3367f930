import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { z } from 'zod'
import type { adminUserUpdateBody, UserResponse, UsersListResponse, usersListQuery } from '../../../src/contracts'
import { isValidEmail } from '../../../src/domain/accounts'
import { AppError } from '../../../src/errors'
import type { DataDirLayout } from '../../data-dir'
import type { UserEntity } from '../../db/entities'
import type { Database, Repositories } from '../../db/repositories'
import type { PasswordHasher } from '../../lib/passwords'
import { randomPassword } from '../../lib/secrets'
import type { Mailer } from '../../mail/mailer'
import type { AccountMail } from '../auth/account-mail'
import { userSeenBy } from '../sharing/follows.service'
import { workoutFiles } from '../workouts/workout-files'
import { storePicture } from './pictures'
import { paginationOf } from '../../lib/pagination'

export interface UsersServiceDependencies {
  database: Database
  mailer: Pick<Mailer, 'enabled'>
  passwords: PasswordHasher
  layout: DataDirLayout
  accountMail: AccountMail
  /** The server's clock (tests control it). */
  now: () => Date
}

export function createUsersService({ database, mailer, passwords, layout, accountMail, now }: UsersServiceDependencies) {
  const { reads } = database

  async function findByUsername(username: string): Promise<UserEntity> {
    const user = await reads.users.byUsername(username)
    if (!user) throw new AppError('user_not_found')
    return user
  }

  async function respond(viewer: UserEntity, user: UserEntity): Promise<UserResponse> {
    return { status: 'success', data: { users: [await userSeenBy(reads, viewer, user)] } }
  }

  /**
   * Inside a write transaction: refuses a change that would leave no active administrator once
   * `leaving` is no longer one, and a change asked by an administrator who has meanwhile lost
   * their rights. Both are read again here, not taken from the request's authentication: two
   * administrators demoting each other at once both authenticated as administrators, but the
   * second transaction sees the first one's result.
   */
  async function keepAnAdministrator(users: Repositories['users'], actorId: number, leaving: number): Promise<void> {
    const others = await users.countActiveAdminsExcept(leaving)
    if (others === 0) throw new AppError('last_admin')
    if (actorId !== leaving) {
      const actor = await users.byId(actorId)
      if (!actor?.admin || !actor.isActive) throw new AppError('forbidden')
    }
  }

  /** Removes a stored file; one already gone is not an error. */
  const removeFile = (path: string) => rm(path, { force: true })

  return {
    findByUsername,

    /**
     * Administrators' list of users, filtered by username, sorted and paged; accounts waiting for
     * activation come first (unless sorted by that state), and `pending` counts them all.
     */
    async list(viewer: UserEntity, query: z.output<typeof usersListQuery>): Promise<UsersListResponse> {
      const usernamePart = query.q || undefined
      // The total and the page from one snapshot.
      return database.snapshot(async (repositories) => {
        const { users: accounts } = repositories
        const total = await accounts.countMatching(usernamePart)
        const pending = await accounts.countInactive()
        const ids = await accounts.pageIds(
          usernamePart,
          { by: query.order_by, direction: query.order, inactiveFirst: query.order_by !== 'is_active' },
          { limit: query.per_page, offset: (query.page - 1) * query.per_page },
        )
        const byId = new Map((await accounts.byIds(ids)).map((u) => [u.id, u]))
        const users = []
        for (const id of ids) {
          const user = byId.get(id)
          if (user) users.push(await userSeenBy(repositories, viewer, user))
        }
        return {
          status: 'success',
          data: { users, pending },
          pagination: paginationOf(query.page, query.per_page, total),
        }
      })
    },

    /**
     * Any signed-in user may see another's page; e-mails and preferences only where allowed. An
     * account waiting for activation exists for administrators only.
     */
    async get(viewer: UserEntity, username: string): Promise<UserResponse> {
      const user = await findByUsername(username)
      if (!user.isActive && !viewer.admin) throw new AppError('user_not_found')
      return respond(viewer, user)
    },

    /**
     * One administrative action on a user. Administrators cannot change their own rights, e-mail
     * or password this way.
     */
    async adminUpdate(admin: UserEntity, username: string, body: z.output<typeof adminUserUpdateBody>): Promise<UserResponse> {
      const target = await findByUsername(username)
      const self = target.id === admin.id
      let revokedTokens: string[] | null = null

      const updated = await database.write(async (repositories) => {
        const { users, accessTokens } = repositories
        const user = await users.byId(target.id)
        if (!user) throw new AppError('user_not_found')
        if ('admin' in body) {
          if (self) throw new AppError('forbidden')
          if (user.admin && !body.admin) await keepAnAdministrator(users, admin.id, user.id)
          user.admin = body.admin
          // Granting rights to a dormant account would leave an admin who cannot log in.
          if (body.admin) user.isActive = true
        } else if ('activate' in body) {
          user.isActive = true
          user.confirmationTokenHash = null
          user.confirmationTokenExpiresAt = null
        } else if ('reset_password' in body) {
          if (self) throw new AppError('forbidden')
          if (!mailer.enabled) throw new AppError('email_sending_disabled')
          // The old password stops working; the user sets a new one from the mailed link.
          user.passwordHash = await passwords.hash(randomPassword(32))
          user.tokenVersion += 1
          user.keptSessionHash = null
          revokedTokens = await accessTokens.revokeAll(user.id, now())
        } else {
          if (self) throw new AppError('forbidden')
          const newEmail = body.new_email
          if (!isValidEmail(newEmail)) throw new AppError('email_invalid')
          if (newEmail.toLowerCase() === user.email.toLowerCase()) throw new AppError('email_unchanged')
          const taken = await users.byEmail(newEmail)
          if (taken) throw new AppError('invalid_payload')
          if (mailer.enabled) Object.assign(user, accountMail.changeEmail(repositories, user, newEmail, false))
          else user.email = newEmail
        }
        return users.save(user)
      })
      if (revokedTokens) {
        accountMail.passwordChanged(updated, revokedTokens)
        accountMail.resetPassword(updated)
      }
      return respond(admin, updated)
    },

    /**
     * Deletes an account with its workouts, files and picture. Users may delete themselves,
     * administrators anyone; the last administrator cannot go.
     */
    async remove(viewer: UserEntity, username: string): Promise<void> {
      const target = await findByUsername(username)
      if (viewer.id !== target.id && !viewer.admin) throw new AppError('forbidden')
      const files = await database.write(async ({ users, workouts: userWorkouts }) => {
        const current = await users.byId(target.id)
        if (!current) throw new AppError('user_not_found')
        if (current.admin) await keepAnAdministrator(users, viewer.id, target.id)
        else if (viewer.id !== target.id) {
          // The administrator deleting someone else may have lost the rights since authenticating.
          const actor = await users.byId(viewer.id)
          if (!actor?.admin) throw new AppError('forbidden')
        }
        const workouts = await userWorkouts.filesOfUser(target.id)
        await users.remove(target.id)
        return [
          ...workouts.flatMap((workout) => workoutFiles(layout, workout)),
          ...(current.picture ? [join(layout.pictures, current.picture)] : []),
        ]
      })
      // Files go after the commit: a failed delete leaves the account and its files intact.
      await Promise.all(files.map(removeFile))
    },

    /** Stores a new picture (format checked by content) and removes the previous one. */
    async setPicture(user: UserEntity, uploadedPath: string, originalName: string): Promise<void> {
      const name = await storePicture(uploadedPath, originalName, layout.pictures, user.id)
      const previous = user.picture
      try {
        await database.write(({ users }) => users.update(user.id, { picture: name }))
      } catch (error) {
        await removeFile(join(layout.pictures, name))
        throw error
      }
      if (previous) await removeFile(join(layout.pictures, previous))
    },

    async deletePicture(user: UserEntity): Promise<void> {
      if (!user.picture) return
      await database.write(({ users }) => users.update(user.id, { picture: null }))
      await removeFile(join(layout.pictures, user.picture))
    },

    /** The stored picture file of a user. @throws AppError `picture_not_found` (also for an unknown user) */
    async picturePath(username: string): Promise<string> {
      // Public and anonymous: the same answer for an unknown user and for a user without a
      // picture, so the call cannot tell which usernames exist.
      const user = await reads.users.byUsername(username)
      if (!user?.picture) throw new AppError('picture_not_found')
      return join(layout.pictures, user.picture)
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>
