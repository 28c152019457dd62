import type { Executor } from '../../lib/deps';
import type { QrCodesTable } from './qr.tables';

export async function insertQrCode(db: Executor, row: QrCodesTable): Promise<void> {
  await db.insertInto('qrCodes').values(row).execute();
}

export const findQrCode = (db: Executor, companyId: string, codeHash: string) =>
  db.selectFrom('qrCodes').selectAll().where('codeHash', '=', codeHash).where('companyId', '=', companyId).executeTakeFirst();
