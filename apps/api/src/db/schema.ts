/**
 * The tables of the database, as Kysely sees them (camelCase; the CamelCasePlugin maps to
 * snake_case). Each feature declares its own tables in its module and they are joined here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
