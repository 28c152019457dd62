import { sql, type Kysely, type Migration } from 'kysely';

const COMMON = 'id, at, ord, actor_id, actor_kind, actor_name, action, from_status, to_status, comment, part_of_return, details';

/**
 * One review timeline for filings, notes and payment slips (decision 205): the rows of `submission_events`
 * and `notes_events` move into `review_events` with their ids, times and order, and the old tables go.
 */
export const reviewEventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('review_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('ord', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('actor_id', 'text')
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text')
      .addColumn('comment', 'text')
      .addColumn('file_id', 'text')
      .addColumn('slot', 'text')
      .addColumn('file_name', 'text')
      .addColumn('section', 'text')
      .addColumn('part_of_return', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('details', 'text')
      .execute();
    await db.schema.createIndex('review_events_timeline').on('review_events').columns(['kind', 'subject_id', 'at', 'ord']).execute();
    await sql
      .raw(
        `insert into review_events (kind, subject_id, file_id, slot, file_name, ${COMMON})
         select 'submission', submission_id, file_id, slot, file_name, ${COMMON} from submission_events`,
      )
      .execute(db);
    await sql
      .raw(`insert into review_events (kind, subject_id, section, ${COMMON}) select 'notes', notes_id, section, ${COMMON} from notes_events`)
      .execute(db);
    await db.schema.dropTable('submission_events').execute();
    await db.schema.dropTable('notes_events').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('submission_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('ord', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('actor_id', 'text')
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text')
      .addColumn('comment', 'text')
      .addColumn('file_id', 'text')
      .addColumn('slot', 'text')
      .addColumn('file_name', 'text')
      .addColumn('part_of_return', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('details', 'text')
      .execute();
    await db.schema.createIndex('submission_events_timeline').on('submission_events').columns(['submission_id', 'at']).execute();
    await db.schema
      .createTable('notes_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('notes_id', 'text', (c) => c.notNull().references('notes.id'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('ord', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('actor_id', 'text')
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text')
      .addColumn('comment', 'text')
      .addColumn('section', 'text')
      .addColumn('part_of_return', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('details', 'text')
      .execute();
    await db.schema.createIndex('notes_events_timeline').on('notes_events').columns(['notes_id', 'at']).execute();
    await sql
      .raw(
        `insert into submission_events (submission_id, file_id, slot, file_name, ${COMMON})
         select subject_id, file_id, slot, file_name, ${COMMON} from review_events where kind = 'submission'`,
      )
      .execute(db);
    await sql
      .raw(`insert into notes_events (notes_id, section, ${COMMON}) select subject_id, section, ${COMMON} from review_events where kind = 'notes'`)
      .execute(db);
    await db.schema.dropTable('review_events').execute();
  },
};
