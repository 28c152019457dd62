/**
 * Data for the API benchmark. `seedSmall` = the demo data (what `SEED_DEMO=true` gives); `seedScaled`
 * adds the country-sized data set with bulk inserts (multi-row INSERTs in transactions):
 * 10,000 companies (one user each), 10,000 submissions of book year 2023 in every state, 50,000 posts
 * and 50,000 notifications (public and targeted), 10,000 files in the demo company's document history,
 * and read marks for the demo user. Words for the search figures: `ບັນຊີ` is in nearly every item
 * (common), `ຫຼວງພະບາງ` in 12 (rare), `ຊ້າງເຜືອກ` in none (absent).
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../src/config';
import type { Db } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { seedSteps } from '../src/db/seed';
import { createFileStore } from '../src/lib/create-file-store';
import { DEMO_ACCOUNTS } from '../src/db/demo-accounts';
import { optimizeSearchIndex } from '../src/modules/content/content.repository';
import { indexNew, notificationSource, postSource } from '../src/modules/content/content.search';

export const WORDS = { common: 'ບັນຊີ', rare: 'ຫຼວງພະບາງ', absent: 'ຊ້າງເຜືອກ' };
export const SCALE = {
  companies: Number(process.env.BENCH_COMPANIES ?? 10_000),
  posts: Number(process.env.BENCH_POSTS ?? 50_000),
  notifications: Number(process.env.BENCH_NOTIFICATIONS ?? 50_000),
  files: Number(process.env.BENCH_FILES ?? 10_000),
};

/**
 * Migrations and the demo data. A demo step that fails (another feature half-way through a change)
 * is reported and skipped: the benchmark needs the accounts, content and submissions steps only.
 */
export async function seedSmall(db: Db, config: Config, log: (line: string) => void = () => undefined): Promise<void> {
  await migrateToLatest(db);
  const ctx = { db, config, store: createFileStore(config) };
  for (const step of seedSteps) {
    try {
      await step.run(ctx);
    } catch (err) {
      if (step.kind === 'reference' || ['accounts', 'content'].some((n) => step.name.includes(n))) throw err;
      log(`  (demo step ${step.name} failed and was skipped: ${String(err).slice(0, 160)})`);
    }
  }
}

const BATCH = 400;

async function insertBatched<T extends keyof Database & string>(db: Kysely<Database>, table: T, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

/** ISO time `minutes` before a fixed instant (the data must not move with the wall clock). */
const ago = (minutes: number) => new Date(Date.parse('2024-03-01T00:00:00Z') - minutes * 60_000).toISOString();

const LAO_TOPICS = ['ການຍື່ນເອກະສານ', 'ໃບລາຍງານການເງິນ', 'ການກວດສອບ', 'ພາສີອາກອນ', 'ວິສາຫະກິດຂະໜາດນ້ອຍ', 'ການຝຶກອົບຮົມ', 'ກົດໝາຍ', 'ນະຄອນຫຼວງວຽງຈັນ'];
const EN_TOPICS = ['filing', 'financial statements', 'audit', 'taxes', 'small enterprises', 'training', 'law', 'Vientiane'];

function texts(n: number) {
  const lo = LAO_TOPICS[n % LAO_TOPICS.length]!;
  const en = EN_TOPICS[n % EN_TOPICS.length]!;
  const rare = n % Math.max(1, Math.floor(SCALE.posts / 6)) === 7 ? ` ${WORDS.rare}` : '';
  return {
    titleLo: `${lo} ເລກທີ ${n} ຂອງປີ${WORDS.common}`,
    titleEn: `${en} number ${n}`,
    summaryLo: `ຂໍ້ມູນກ່ຽວກັບ${lo} ສຳລັບວິສາຫະກິດ ແລະ ນັກ${WORDS.common}${rare}`,
    summaryEn: `About ${en} for enterprises and accountants`,
    bodyLo: `<p>ວິສາຫະກິດທຸກແຫ່ງຕ້ອງກະກຽມ${lo} ແລະ ຍື່ນເອກະສານ${WORDS.common}ພາຍໃນກຳນົດເວລາ.${rare}</p>`,
    bodyEn: `<p>Every enterprise prepares its ${en} and files its accounting documents on time.</p>`,
  };
}

export interface ScaledFacts {
  companyUserId: string;
  companyId: string;
  staffUserId: string;
}

/** The scaled data set on top of the demo data. */
export async function seedScaled(db: Db, log: (line: string) => void = () => undefined): Promise<ScaledFacts> {
  const k = db.kysely;
  const demoUser = await k.selectFrom('users').select(['id', 'companyId']).where('email', '=', DEMO_ACCOUNTS.company.email).executeTakeFirstOrThrow();
  const staff = await k.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.staffReviewer.email).executeTakeFirstOrThrow();
  const ref = await k.selectFrom('referenceItems').select(['id', 'list', 'code']).execute();
  const of = (list: string) => ref.filter((r) => r.list === list);
  const categories = of('categories');
  const sizes = of('sizes');
  const types = of('enterprise-types');
  const docTypes = of('document-types');
  const provinces = await k.selectFrom('provinces').select('code').execute();
  const districts = await k.selectFrom('districts').select(['code', 'provinceCode']).execute();
  let started = performance.now();
  const step = (what: string) => {
    log(`  ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
  };

  // --- companies, users, submissions
  const companies: Record<string, unknown>[] = [];
  const users: Record<string, unknown>[] = [];
  const submissions: Record<string, unknown>[] = [];
  const statuses = ['submitted', 'in_review', 'resubmitted', 'accepted', 'accepted', 'draft', 'returned', 'submitted'] as const;
  for (let i = 0; i < SCALE.companies; i++) {
    const id = randomUUID();
    const province = provinces[i % provinces.length]!.code;
    const district = districts.find((d) => d.provinceCode === province)?.code ?? districts[0]!.code;
    const at = ago(i * 7);
    companies.push({
      id,
      nameLo: `ບໍລິສັດ ທົດລອງ ${i} ຈຳກັດ`,
      nameEn: `Bench Company ${i} Ltd`,
      tin: String(5_000_000_000 + i),
      registrationNo: `BENCH-${i}`,
      categoryId: categories[i % categories.length]!.id,
      enterpriseTypeId: types[i % types.length]!.id,
      sizeId: sizes[i % sizes.length]!.id,
      unitId: null,
      specialCategoryId: null,
      accountProgramId: null,
      provinceCode: province,
      districtCode: district,
      villageCode: null,
      villageName: 'ບ້ານ ທົດລອງ',
      address: `ຖະໜົນ ${i}`,
      phone: '+856 21 000 000',
      email: `bench${i}@bench.example`,
      createdAt: at,
      updatedAt: at,
    });
    const userId = randomUUID();
    users.push({
      id: userId,
      companyId: id,
      email: `user${i}@bench.example`,
      phone: null,
      name: `Bench User ${i}`,
      passwordHash: null,
      role: 'company_admin',
      language: i % 2 ? 'en' : 'lo',
      lockedUntil: null,
      disabledAt: null,
      createdAt: at,
      updatedAt: at,
    });
    const status = statuses[i % statuses.length]!;
    const submitted = status === 'draft' ? null : ago(i * 5 + 60);
    submissions.push({
      id: randomUUID(),
      companyId: id,
      bookYear: 2023,
      status,
      version: 1,
      departmentId: null,
      averageLabour: 10 + (i % 90),
      totalAssets: 100_000_000 + i,
      annualIncome: 200_000_000 + i,
      specialCategoryId: null,
      signatories: null,
      declaredSizeId: null,
      createdBy: userId,
      createdAt: at,
      updatedAt: submitted ?? at,
      submittedAt: submitted,
      firstSubmittedAt: submitted,
      acceptedAt: status === 'accepted' ? ago(i * 5) : null,
    });
  }
  await k.transaction().execute(async (trx) => {
    await insertBatched(trx, 'companies', companies);
    await insertBatched(trx, 'users', users);
    await insertBatched(trx, 'submissions', submissions);
  });
  step(`${SCALE.companies} companies, users and submissions`);

  // --- the demo company's document history: many files on its submissions, as a company makes them:
  // versions of its checklist documents (each upload replaces the slot's file before it: one current
  // file per slot) and a few "other" files, which stay current side by side.
  const own = await k.selectFrom('submissions').select(['id']).where('companyId', '=', demoUser.companyId!).execute();
  if (own.length && SCALE.files) {
    const files: Record<string, unknown>[] = [];
    const previous = new Map<string, string>();
    // oldest first, so each version can name the one it replaces
    for (let i = SCALE.files - 1; i >= 0; i--) {
      const slot = i % 500 === 0 ? 'other' : (docTypes[i % docTypes.length]?.code ?? 'other');
      const ownerId = own[i % own.length]!.id;
      const id = randomUUID();
      const chain = `${ownerId}/${slot}`;
      files.push({
        id,
        companyId: demoUser.companyId,
        ownerKind: 'submission',
        ownerId,
        slot,
        originalName: `statement-${i}.pdf`,
        kind: 'pdf',
        mediaType: 'application/pdf',
        size: 1000 + i,
        sha256: createHash('sha256').update(String(i)).digest('hex'),
        storageKey: `bench/${i}`,
        createdAt: ago(i * 3 + 1),
        createdBy: demoUser.id,
        replacesId: slot === 'other' ? null : (previous.get(chain) ?? null),
        supersededById: null,
        supersededAt: null,
      });
      if (slot !== 'other') previous.set(chain, id);
    }
    await k.transaction().execute(async (trx) => {
      await insertBatched(trx, 'files', files);
      // a replaced version points at its successor, as the upload path writes it
      const replaced = files.filter((f) => f.replacesId !== null);
      for (let i = 0; i < replaced.length; i += BATCH) {
        const part = replaced.slice(i, i + BATCH);
        const of = (column: 'id' | 'createdAt') =>
          sql<string>`case ${sql.ref('id')} ${sql.join(
            part.map((f) => sql`when ${f.replacesId} then ${f[column]}`),
            sql` `,
          )} end`;
        await trx
          .updateTable('files')
          .set({ supersededById: of('id'), supersededAt: of('createdAt') })
          .where(
            'id',
            'in',
            part.map((f) => f.replacesId as string),
          )
          .execute();
      }
    });
    step(`${SCALE.files} files of the demo company`);
  }

  // --- posts and notifications, and their search index
  const posts: Record<string, unknown>[] = [];
  const categoriesOfPosts = ['news', 'regulation', 'training', 'guide'];
  for (let i = 0; i < SCALE.posts; i++) {
    const at = ago(i * 11 + 30);
    posts.push({
      id: randomUUID(),
      slug: `bench-post-${i}`,
      category: categoriesOfPosts[i % 4],
      ...texts(i),
      coverImageId: null,
      status: 'published',
      publishAt: at,
      publishedAt: at,
      createdBy: null,
      updatedBy: null,
      createdAt: at,
      updatedAt: at,
    });
  }
  const companyIds = companies.map((c) => c.id as string);
  const notifications: Record<string, unknown>[] = [];
  for (let i = 0; i < SCALE.notifications; i++) {
    const at = ago(i * 11 + 35);
    const kind = ['public', 'companies', 'category', 'size', 'province', 'company', 'company', 'company'][i % 8]!;
    const value =
      kind === 'category'
        ? categories[i % categories.length]!.id
        : kind === 'size'
          ? sizes[i % sizes.length]!.id
          : kind === 'province'
            ? provinces[i % provinces.length]!.code
            : kind === 'company'
              ? i % 40 === 5
                ? demoUser.companyId
                : companyIds[i % companyIds.length]
              : null;
    const { titleLo, titleEn, bodyLo, bodyEn } = texts(i + 3);
    notifications.push({
      id: randomUUID(),
      titleLo,
      titleEn,
      bodyLo,
      bodyEn,
      audienceKind: kind,
      audienceValue: value,
      status: 'published',
      publishAt: at,
      publishedAt: at,
      createdBy: null,
      updatedBy: null,
      createdAt: at,
      updatedAt: at,
    });
  }
  await k.transaction().execute(async (trx) => {
    await insertBatched(trx, 'contentPosts', posts);
    await insertBatched(trx, 'contentNotifications', notifications);
  });
  step(`${SCALE.posts} posts and ${SCALE.notifications} notifications`);
  await indexAll(db, posts, notifications);
  step('search index of them');

  // --- the demo user has read every third notification addressed to everyone
  const reads = notifications
    .filter((n, i) => n.audienceKind === 'public' && i % 3 === 0)
    .map((n) => ({ notificationId: n.id, userId: demoUser.id, readAt: ago(1) }));
  await k.transaction().execute((trx) => insertBatched(trx, 'contentNotificationReads', reads));
  step(`${reads.length} read marks`);
  return { companyUserId: demoUser.id, companyId: demoUser.companyId!, staffUserId: staff.id };
}

/**
 * Writes the search index through the content module's own bulk indexer (`indexNew`: the rows
 * `reindex` writes, from `searchDocumentOf`, with multi-row statements), a transaction per chunk, and
 * merges SQLite's FTS5 index after the bulk load as the module does after a rebuild.
 */
async function indexAll(db: Db, posts: Record<string, unknown>[], notifications: Record<string, unknown>[]) {
  const chunk = 2_000;
  const jobs: (() => Promise<void>)[] = [];
  for (const [kind, rows, source] of [
    ['post', posts, postSource],
    ['notification', notifications, notificationSource],
  ] as const) {
    for (let i = 0; i < rows.length; i += chunk) {
      const part = rows.slice(i, i + chunk);
      jobs.push(() =>
        db.kysely.transaction().execute((trx) =>
          indexNew(
            trx,
            kind,
            part.map((r) => ({ id: r.id as string, source: source(r as never) })),
          ),
        ),
      );
    }
  }
  // SQLite has one writer; PostgreSQL takes a few transactions side by side.
  const lanes = db.dialect === 'postgres' ? 4 : 1;
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
  await optimizeSearchIndex(db.kysely);
}
