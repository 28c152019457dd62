import { randomBytes } from 'node:crypto';
import { qrScanPagePath, type QrCheckResult, type QrKind } from '@bansi/shared';
import { nowIso, sha256 } from '../../lib/crypto';
import type { Executor } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/access';
import { findQrCode, insertQrCode } from './qr.repository';
import type { QrCodesTable } from './qr.tables';

/**
 * The one QR verification registry (DESIGN §8.1, decision 062). A feature that prints QR codes
 * issues them with `issueQrCode` inside its own transaction and registers its kind once (at module
 * load) with `registerQrKind`: how to describe a genuine code to whoever scans it. The public check
 * `GET /qr/:comId/:code` answers the kind's view or 404 — an unknown code, an altered one and one
 * of another company look the same.
 */
export type QrRow = QrCodesTable;

export interface QrKindHandler {
  /**
   * What the viewer may see (viewer null: a visitor; a staff member may get more, e.g. a booking's
   * action). `undefined` when the subject no longer stands (then the code is not genuine).
   */
  describe(db: Executor, row: QrRow, viewer: Principal | null): Promise<QrCheckResult | undefined>;
  /** For codes kept outside qr_codes (receipts accepted before the registry): the row, by the code's hash. */
  find?(db: Executor, companyId: string, codeHash: string): Promise<QrRow | undefined>;
}

const kinds = new Map<QrKind, QrKindHandler>();

export function registerQrKind(kind: QrKind, handler: QrKindHandler): void {
  kinds.set(kind, handler);
}

let linkBase = 'http://localhost:3000';
/** The portal's public address for the links in QR codes (set once from PUBLIC_URL by the qr routes). */
export function setQrLinkBase(publicUrl: string): void {
  linkBase = publicUrl;
}

/** 128 random bits, base64url (22 characters): the secret a printed code carries. */
export const newQrSecret = () => randomBytes(16).toString('base64url');

/** The web page a code opens: `${PUBLIC_URL}/qr/scan/:comId/:code`. */
export const qrLink = (companyId: string, code: string, publicUrl = linkBase) => new URL(qrScanPagePath(companyId, code), publicUrl).toString();

/**
 * Issues a code for a subject, inside the caller's transaction: keeps the code's hash and returns
 * the code and the link to print (e.g. with `pdf.qr(url)`). Pass `code` when the printed document
 * had to be made before the transaction.
 */
export async function issueQrCode(
  trx: Executor,
  input: { kind: QrKind; companyId: string; subjectId: string; code?: string; publicUrl?: string },
): Promise<{ code: string; url: string }> {
  const code = input.code ?? newQrSecret();
  await insertQrCode(trx, { codeHash: sha256(code), companyId: input.companyId, kind: input.kind, subjectId: input.subjectId, createdAt: nowIso() });
  return { code, url: qrLink(input.companyId, code, input.publicUrl) };
}

/** Public: what a scanned code is, for this viewer; 404 for anything that is not a genuine code of this company. */
export async function checkQrCode(db: Executor, companyId: string, code: string, viewer: Principal | null): Promise<QrCheckResult> {
  const hash = sha256(code);
  let row = await findQrCode(db, companyId, hash);
  for (const handler of kinds.values()) {
    if (row) break;
    row = await handler.find?.(db, companyId, hash);
  }
  const handler = row ? kinds.get(row.kind as QrKind) : undefined;
  const view = row && handler ? await handler.describe(db, row, viewer) : undefined;
  if (!view) throw notFound();
  return view;
}
