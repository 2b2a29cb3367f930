/** Supported interface and e-mail languages (in a module of their own: the UI's first script needs them, not zod). */
export const languages = ['en', 'fr', 'de'] as const
export type Language = (typeof languages)[number]
