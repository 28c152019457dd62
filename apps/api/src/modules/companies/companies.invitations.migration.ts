import type { Kysely, Migration } from 'kysely';

/**
 * Invitations to an address that already has an account (decision 141): listed among the company's
 * members as pending, exactly like an invitation to a new address, so the list does not tell the two
 * apart. One per company and address.
 */
export const companyInvitationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('company_invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('company_invitations_company_email', ['company_id', 'email'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('company_invitations').execute();
  },
};
