import { createHash } from 'node:crypto';

/**
 * SQL texts that `preparedQuery` compiled (docs/decisions/110): the same text on every call, values
 * only in the parameters. On PostgreSQL such a text is sent as a *named* statement, which the server
 * parses and plans once per connection instead of on every request; everything else (ad-hoc queries,
 * search, migrations) stays an unnamed statement, parsed and planned for its values each time.
 *
 * The name is a hash of the text, so two texts never share a name (pg refuses that) and every
 * connection names the same text alike. Bounded: preparedQuery keeps at most 256 shapes per query.
 */
const names = new Map<string, string>();
const MAX_NAMED = 4_096;

export function markStable(sqlText: string): void {
  if (names.has(sqlText) || names.size >= MAX_NAMED) return;
  names.set(sqlText, `bansi_${createHash('sha1').update(sqlText).digest('hex')}`);
}

/** The statement name of a text `markStable` has seen, else undefined (send it unnamed). */
export const statementName = (sqlText: string): string | undefined => names.get(sqlText);
