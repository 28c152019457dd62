import { findCompany } from '../../companies';
import type { CreateInvoiceBody, Language, StaffInvoiceDetail } from '@bansi/shared';
import type { Actor } from '../../../lib/actor';
import type { Deps } from '../../../lib/deps';
import { invalid } from '../../../lib/errors';
import type { Principal } from '../../../plugins/access';
import { getStaffInvoice } from '../payments.queries';
import { createInvoice } from './create-invoice';

export async function issueInvoice(
  deps: Deps,
  actor: Actor,
  principal: Principal,
  body: CreateInvoiceBody,
  lang: Language,
): Promise<StaffInvoiceDetail> {
  const company = await findCompany(deps.db, body.companyId);
  if (!company) throw invalid([{ path: 'companyId', code: 'unknown_choice', message: deps.t(lang, 'errors.field.unknown_choice') }]);
  const invoice = await deps.db
    .transaction()
    .execute((trx) => createInvoice(trx, actor, { companyId: body.companyId, lines: body.lines, dueDate: body.dueDate, issuedBy: principal.userId }));
  return getStaffInvoice(deps, invoice.id, lang);
}
