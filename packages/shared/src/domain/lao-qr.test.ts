import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLaoQr, crc16CcittFalse, laoQrMerchantProblems, parseLaoQr, type LaoQrMerchant } from './lao-qr';

/** Published payloads of real LAO QR codes, kept beside this test so a clone alone tests them. */
const vectors = readFileSync(new URL('./lao-qr.vectors.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [name, kind, payload] = line.split('\t') as [string, string, string];
    return { name, kind, payload };
  });

/** What each published vector must parse to (read by hand from the payloads). */
const EXPECTED: Record<
  string,
  {
    iin: string;
    paymentType: string;
    receiverId: string;
    merchantName: string | null;
    city: string | null;
    mcc: string | null;
    terminal: string | null;
  }
> = {
  'lapnet-personal-static': {
    iin: '00000418',
    paymentType: '001',
    receiverId: 'I90BYP17BC295VZ',
    merchantName: null,
    city: null,
    mcc: null,
    terminal: null,
  },
  'bfl-static': { iin: '37160418', paymentType: '001', receiverId: '001000036201000018', merchantName: null, city: null, mcc: null, terminal: null },
  'bcel-personal-static': {
    iin: '27710418',
    paymentType: '001',
    receiverId: 'NEXFOLPOLCIYSAQLCEVWDCAP',
    merchantName: null,
    city: null,
    mcc: null,
    terminal: null,
  },
  'bcel-merchant-static': {
    iin: '27710418',
    paymentType: '002',
    receiverId: 'mch5d0077995d4ae',
    merchantName: ' LAEKOPSOHP',
    city: 'SL',
    mcc: '5977',
    terminal: 'stk66ac4090b073b',
  },
};

const merchant: LaoQrMerchant = {
  iin: '27710418',
  merchantId: 'BANSI-DEMO-MERCHANT',
  mcc: '8931',
  merchantName: 'Bansi Accounting',
  city: 'Vientiane',
};

/** Replaces one character with a different one of the same class (digit for digit, else letter). */
function mutate(payload: string, at: number): string {
  const c = payload[at]!;
  const next = /\d/.test(c) ? String((Number(c) + 1) % 10) : c === 'A' ? 'B' : 'A';
  return payload.slice(0, at) + next + payload.slice(at + 1);
}

describe('CRC-16/CCITT-FALSE', () => {
  it('has the standard check value 29B1 for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });
  it('pads to four upper-case hex digits', () => {
    expect(crc16CcittFalse('')).toBe('FFFF');
    expect(crc16CcittFalse('A')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('LAO QR published vectors', () => {
  it('has all four vectors', () => {
    expect(vectors.map((v) => v.name)).toEqual(Object.keys(EXPECTED));
  });

  it.each(vectors)('$name parses with its tags', ({ name, payload }) => {
    const parsed = parseLaoQr(payload);
    if (!parsed.ok) throw new Error(`${name}: ${parsed.error}`);
    const want = EXPECTED[name]!;
    expect(parsed.value.dynamic).toBe(false);
    expect(parsed.value.amount).toBeNull();
    expect(parsed.value.currency).toBe('418');
    expect(parsed.value.country).toBe('LA');
    expect(parsed.value.account).toEqual({ aid: 'A005266284662577', iin: want.iin, paymentType: want.paymentType, receiverId: want.receiverId });
    expect(parsed.value.merchantName).toBe(want.merchantName);
    expect(parsed.value.city).toBe(want.city);
    expect(parsed.value.mcc).toBe(want.mcc);
    expect(parsed.value.terminal).toBe(want.terminal);
    expect(parsed.value.crc).toBe(payload.slice(-4));
  });

  it.each(vectors)('$name: every single changed character outside the CRC fails the check', ({ payload }) => {
    for (let at = 0; at < payload.length - 4; at += 1) {
      const result = parseLaoQr(mutate(payload, at));
      expect(result.ok, `position ${at}`).toBe(false);
    }
  });

  it.each(vectors)('$name: a changed CRC digit fails with "crc"', ({ payload }) => {
    expect(parseLaoQr(mutate(payload, payload.length - 1))).toEqual({ ok: false, error: 'crc' });
  });
});

describe('LAO QR builder', () => {
  const built = buildLaoQr(merchant, { amount: 1_500_000, billNumber: 'INV-2024-000123' });

  it('builds the dynamic merchant layout field by field', () => {
    expect(built).toBe(
      '000201' +
        '010212' +
        '3862' +
        '0016A005266284662577' +
        '010827710418' +
        '0203002' +
        '0319BANSI-DEMO-MERCHANT' +
        '52048931' +
        '5303418' +
        '54071500000' +
        '5802LA' +
        '5916Bansi Accounting' +
        '6009Vientiane' +
        '62190115INV-2024-000123' +
        '6304' +
        crc16CcittFalse(built.slice(0, -4)),
    );
  });

  it('parses back what it built', () => {
    const parsed = parseLaoQr(built);
    expect(parsed.ok && parsed.value).toMatchObject({
      dynamic: true,
      amount: 1_500_000,
      billNumber: 'INV-2024-000123',
      currency: '418',
      mcc: '8931',
      merchantName: 'Bansi Accounting',
      city: 'Vientiane',
      account: { iin: '27710418', paymentType: '002', receiverId: 'BANSI-DEMO-MERCHANT' },
    });
  });

  it.each([
    ['zero amount', { amount: 0, billNumber: 'INV-1' }],
    ['fractional amount', { amount: 10.5, billNumber: 'INV-1' }],
    ['negative amount', { amount: -5, billNumber: 'INV-1' }],
    ['bill number too long', { amount: 1, billNumber: 'X'.repeat(26) }],
    ['non-ASCII bill number', { amount: 1, billNumber: 'ໃບ-1' }],
  ])('refuses a %s', (_, bill) => {
    expect(() => buildLaoQr(merchant, bill)).toThrow(RangeError);
  });

  it('names what is wrong with a merchant configuration', () => {
    expect(laoQrMerchantProblems(merchant)).toEqual([]);
    expect(laoQrMerchantProblems({ iin: '123', merchantId: '', mcc: 'abcd', merchantName: 'ບໍລິການ', city: 'X'.repeat(16) })).toHaveLength(5);
  });

  it('refuses a payload whose amount has decimals or whose template is not LAO QR', () => {
    const withDecimals = '000201010212' + '38200016A005266284662577' + '5303418' + '540720000.0' + '6304';
    expect(parseLaoQr(withDecimals + crc16CcittFalse(withDecimals))).toEqual({ ok: false, error: 'amount' });
    const foreign = '000201010211' + '26150011com.example' + '6304';
    expect(parseLaoQr(foreign + crc16CcittFalse(foreign))).toEqual({ ok: false, error: 'not_lao_qr' });
    const account = '3824' + '0016A005266284662577' + '0100';
    expect(parseLaoQr('garbage')).toEqual({ ok: false, error: 'format' });
    expect(parseLaoQr(account)).toEqual({ ok: false, error: 'format' });
  });
});

describe('LAO QR properties', () => {
  const billNumber = fc.stringMatching(/^[A-Za-z0-9-]{1,25}$/);
  const amount = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
  const name = fc.stringMatching(/^[A-Za-z0-9 .&-]{1,25}$/);

  it('build → parse round-trips the amount and the bill number, and the CRC verifies', () => {
    fc.assert(
      fc.property(amount, billNumber, name, (a, bill, merchantName) => {
        const payload = buildLaoQr({ ...merchant, merchantName }, { amount: a, billNumber: bill });
        expect(payload.slice(-4)).toBe(crc16CcittFalse(payload.slice(0, -4)));
        const parsed = parseLaoQr(payload);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) {
          expect(parsed.value.amount).toBe(a);
          expect(parsed.value.billNumber).toBe(bill);
          expect(parsed.value.merchantName).toBe(merchantName);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a built payload with one character changed never verifies', () => {
    fc.assert(
      fc.property(amount, billNumber, fc.nat(), (a, bill, seed) => {
        const payload = buildLaoQr(merchant, { amount: a, billNumber: bill });
        const at = seed % (payload.length - 4);
        expect(parseLaoQr(mutate(payload, at)).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
