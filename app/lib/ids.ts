// docs/legacy-api.md §1.6: ids are 24 lowercase hex characters, like the ObjectIds existing clients have seen.
export const ID_PATTERN = /^[0-9a-f]{24}$/

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value)
}
