import { escapeHtml } from '../../mail/templates'

/** `@name` in a comment: the reference's word characters after the at sign. */
const MENTION = /@(\w+)/g

/** The usernames a text names as `@username`, lower-cased, each once. */
export function mentionedNames(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(MENTION), (match) => (match[1] ?? '').toLowerCase()))]
}

/**
 * A comment's text as HTML, as the reference marks it up: escaped, and each `@name` of a user in
 * `pages` (lower-cased username → their page) a link to that page, the name as written. A name
 * nobody may be mentioned by stays plain text.
 */
export function textWithMentionLinks(text: string, pages: ReadonlyMap<string, string>): string {
  // Escaping leaves `@` and word characters as they are, so the mentions read the same afterwards.
  return escapeHtml(text).replace(MENTION, (written, name: string) => {
    const page = pages.get(name.toLowerCase())
    return page === undefined ? written : `<a href="${escapeHtml(page)}" target="_blank" rel="noopener noreferrer">@<span>${name}</span></a>`
  })
}
