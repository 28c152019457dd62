/**
 * LAO QR (the Lao national QR, EMVCo merchant-presented mode): one place that builds and parses the
 * payload an invoice shows and a bank app scans. Layout (decision 080, from the published samples): each
 * field is `id (2 digits) + length (2 digits) + value`; tag 63 carries CRC-16/CCITT-FALSE over the
 * whole string up to and including "6304". Amounts are whole kip (no decimals, no floating point).
 */

/** AID of the LAO QR merchant account template (tag 38, sub-tag 00), in every published sample. */
export const LAO_QR_AID = 'A005266284662577';
export const LAO_QR_CURRENCY_LAK = '418';
export const LAO_QR_COUNTRY = 'LA';
/** At most 25 characters fit the bill number sub-tag (62/01). */
export const LAO_QR_BILL_MAX = 25;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the UTF-8 bytes, 4 upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export interface LaoQrField {
  id: string;
  value: string;
}

/** One `id + length + value` field; the length counts characters (the values here are ASCII). */
export function tlv(id: string, value: string): string {
  if (!/^\d\d$/.test(id)) throw new RangeError(`tag id must be two digits: ${id}`);
  if (value.length < 1 || value.length > 99) throw new RangeError(`tag ${id}: value length must be 1–99, is ${value.length}`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Splits a run of fields; null when the lengths do not add up. */
export function parseFields(text: string): LaoQrField[] | null {
  const fields: LaoQrField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) return null;
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (length === 0 || value.length !== length) return null;
    fields.push({ id: head.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

export interface LaoQrMerchant {
  /** 8 digits: the member's code then "0418" (e.g. 27710418 BCEL) */
  iin: string;
  /** the receiver's id at the member bank (tag 38/03) */
  merchantId: string;
  /** merchant category code, 4 digits */
  mcc: string;
  /** printable ASCII, at most 25 characters (EMVCo tag 59) */
  merchantName: string;
  /** printable ASCII, at most 15 characters (EMVCo tag 60) */
  city: string;
}

export interface LaoQrBill {
  /** whole kip, > 0 */
  amount: number;
  /** the invoice number, carried in 62/01 */
  billNumber: string;
}

const ASCII = /^[\x20-\x7e]+$/;

/** Why a merchant configuration cannot make a valid payload (empty when it can). */
export function laoQrMerchantProblems(m: LaoQrMerchant): string[] {
  const problems: string[] = [];
  if (!/^\d{8}$/.test(m.iin)) problems.push('iin: 8 digits');
  if (!ASCII.test(m.merchantId) || m.merchantId.length > 99) problems.push('merchantId: printable ASCII, 1–99 characters');
  if (!/^\d{4}$/.test(m.mcc)) problems.push('mcc: 4 digits');
  if (!ASCII.test(m.merchantName) || m.merchantName.length > 25) problems.push('merchantName: printable ASCII, 1–25 characters');
  if (!ASCII.test(m.city) || m.city.length > 15) problems.push('city: printable ASCII, 1–15 characters');
  return problems;
}

/** Builds a dynamic (01 = "12") LAO QR merchant payload for one bill. Throws on values that cannot be encoded. */
export function buildLaoQr(merchant: LaoQrMerchant, bill: LaoQrBill): string {
  const problems = laoQrMerchantProblems(merchant);
  if (!Number.isSafeInteger(bill.amount) || bill.amount <= 0) problems.push('amount: a positive whole number of kip');
  if (!ASCII.test(bill.billNumber) || bill.billNumber.length > LAO_QR_BILL_MAX)
    problems.push(`billNumber: printable ASCII, 1–${LAO_QR_BILL_MAX} characters`);
  if (problems.length) throw new RangeError(`LAO QR: ${problems.join('; ')}`);
  const account = tlv('00', LAO_QR_AID) + tlv('01', merchant.iin) + tlv('02', '002') + tlv('03', merchant.merchantId);
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('38', account) +
    tlv('52', merchant.mcc) +
    tlv('53', LAO_QR_CURRENCY_LAK) +
    tlv('54', String(bill.amount)) +
    tlv('58', LAO_QR_COUNTRY) +
    tlv('59', merchant.merchantName) +
    tlv('60', merchant.city) +
    tlv('62', tlv('01', bill.billNumber)) +
    '6304';
  return body + crc16CcittFalse(body);
}

export interface LaoQrParsed {
  /** every top-level field, in order (63 included) */
  fields: LaoQrField[];
  dynamic: boolean;
  account: { aid: string; iin: string | null; paymentType: string | null; receiverId: string | null };
  mcc: string | null;
  currency: string | null;
  /** whole kip; null when the payload carries no amount (static QR) */
  amount: number | null;
  country: string | null;
  merchantName: string | null;
  city: string | null;
  billNumber: string | null;
  reference: string | null;
  terminal: string | null;
  crc: string;
}

export type LaoQrParseError = 'format' | 'crc' | 'not_lao_qr' | 'amount';
export type LaoQrParseResult = { ok: true; value: LaoQrParsed } | { ok: false; error: LaoQrParseError };

/**
 * Parses and checks a payload: field structure, CRC (tag 63, last), the LAO QR merchant account
 * (tag 38 with the LAO QR AID) and, when present, a whole-kip amount.
 */
export function parseLaoQr(payload: string): LaoQrParseResult {
  const fields = parseFields(payload);
  if (!fields || fields.length < 2 || fields[0]!.id !== '00') return { ok: false, error: 'format' };
  const last = fields[fields.length - 1]!;
  if (last.id !== '63' || last.value.length !== 4 || !payload.endsWith(`6304${last.value}`)) return { ok: false, error: 'format' };
  if (crc16CcittFalse(payload.slice(0, -4)) !== last.value.toUpperCase()) return { ok: false, error: 'crc' };
  const get = (id: string) => fields.find((f) => f.id === id)?.value ?? null;
  const accountFields = parseFields(get('38') ?? '');
  const sub = (list: LaoQrField[] | null, id: string) => list?.find((f) => f.id === id)?.value ?? null;
  const aid = sub(accountFields, '00');
  if (aid !== LAO_QR_AID) return { ok: false, error: 'not_lao_qr' };
  const amountText = get('54');
  if (amountText !== null && !/^[1-9]\d{0,15}$/.test(amountText)) return { ok: false, error: 'amount' };
  const additional = parseFields(get('62') ?? '');
  return {
    ok: true,
    value: {
      fields,
      dynamic: get('01') === '12',
      account: { aid, iin: sub(accountFields, '01'), paymentType: sub(accountFields, '02'), receiverId: sub(accountFields, '03') },
      mcc: get('52'),
      currency: get('53'),
      amount: amountText === null ? null : Number(amountText),
      country: get('58'),
      merchantName: get('59'),
      city: get('60'),
      billNumber: sub(additional, '01'),
      reference: sub(additional, '05'),
      terminal: sub(additional, '07'),
      crc: last.value,
    },
  };
}
