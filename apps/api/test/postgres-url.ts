/** The PostgreSQL server the tests use (each test file makes a schema of its own in it). */
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
