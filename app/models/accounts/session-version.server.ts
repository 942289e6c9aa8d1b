// The content version (app/models/catalogue/content-version.server.ts) as a request's session statement read it
// (./user.server.ts getUserBySession selects it beside the user). The quiz gate takes the paper at that version
// instead of reading it in a statement of its own, which every exam request did (docs/decisions/037-paper-pass.md).
// Read at the request's first statement, it is the version at the request's start, what a request that reads the
// paper serves, as before, a few statements earlier. Kept beside the user row, not in it, so no copy of a user (a
// page's data, an API answer) carries it. A module of its own: the quiz gate and the user model both need it, and
// neither may import the other.

const versionsReadWithSession = new WeakMap<object, number>()

/** Remembers the content version read in the same statement as this user's session. */
export function rememberVersionReadWith(user: object, version: number): void {
  versionsReadWithSession.set(user, version)
}

/** The content version read with this user's session (a user getUserBySession returned); else undefined. */
export function contentVersionReadWith(user: object | null): number | undefined {
  return user ? versionsReadWithSession.get(user) : undefined
}
