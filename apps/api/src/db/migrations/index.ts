import type { Migration } from 'kysely';

/**
 * Every migration, in order. Names start with a sortable timestamp; a new feature adds its file
 * beside this one and a line here. Migrations use only types both SQLite and PostgreSQL accept:
 * ids are text UUIDs, timestamps ISO-8601 UTC text, booleans integers, amounts bigint (LAK).
 */
export const migrations: Record<string, Migration> = {};
