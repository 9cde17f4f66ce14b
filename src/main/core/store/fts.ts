/**
 * An FTS5 phrase for a user's query: the text as one quoted string, so their quotes and operators
 * are just text. A NUL is dropped: SQLite reads the query as a C string, so a NUL inside the quotes
 * would end it there ("unterminated string"), and no stored text holds one to match.
 */
export function ftsPhrase(query: string): string {
  return `"${query.replace(/\0/g, '').replace(/"/g, '""')}"`
}
