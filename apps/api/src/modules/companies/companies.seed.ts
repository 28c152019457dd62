import type { ReferenceList } from '@bansi/shared';
import type { SeedStep } from '../../db/seed-step';
import { newId, nowIso } from '../../lib/crypto';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { accountsPort } from '../../lib/accounts';
import { hashPassword } from '../../lib/passwords';
import { companyReference } from './companies.reference';
import { insertCompany, replacePeople } from './companies.repository';

export const accountsDemoSeed: SeedStep = {
  name: 'demo accounts',
  kind: 'demo',
  async run({ db }) {
    const k = db.kysely;
    if (await accountsPort.use().findUserByEmail(k, DEMO_ACCOUNTS.company.email)) return;
    const item = async (list: ReferenceList, code: string) => {
      const row = await companyReference.use().findItemByCode(k, list, code);
      if (!row) throw new Error(`reference ${list}/${code} missing: run the reference seed first`);
      return row.id;
    };
    const now = nowIso();
    const companyId = newId();
    const hasVillages = await companyReference.use().districtHasVillages(k, '0101');
    // Looked up before the transaction: SQLite has one connection, which the transaction holds.
    const ids = {
      category: await item('categories', 'trade'),
      enterpriseType: await item('enterprise-types', 'limited'),
      size: await item('sizes', 'small'),
      unit: await item('units', 'head-office'),
      accountProgram: await item('account-programs', 'excel'),
    };
    const passwordHash = await hashPassword(DEMO_ACCOUNTS.company.password);
    await k.transaction().execute(async (trx) => {
      await insertCompany(trx, {
        id: companyId,
        nameLo: 'ບໍລິສັດ ຕົວຢ່າງ ການຄ້າ ຈຳກັດ',
        nameEn: 'Demo Trading Co., Ltd.',
        tin: '1234567890',
        registrationNo: '01-0012345',
        categoryId: ids.category,
        enterpriseTypeId: ids.enterpriseType,
        sizeId: ids.size,
        unitId: ids.unit,
        specialCategoryId: null,
        accountProgramId: ids.accountProgram,
        provinceCode: '01',
        districtCode: '0101',
        villageCode: hasVillages ? '0101001' : null,
        villageName: hasVillages ? null : 'ໜອງປິງ',
        address: 'ຖະໜົນ ລ້ານຊ້າງ, ເຮືອນເລກທີ 12',
        phone: '+856 21 212 121',
        email: 'office@demo-trading.example',
        createdAt: now,
        updatedAt: now,
      });
      const base = { companyId, createdAt: now, updatedAt: now, holderKind: null, licenceNo: null, firmName: null, email: null };
      await replacePeople(trx, companyId, [
        { ...base, id: newId(), role: 'owner', name: 'ທ. ສົມສັກ ວົງສາ', position: 'ຜູ້ອຳນວຍການ', phone: '+856 20 5555 0001' },
        { ...base, id: newId(), role: 'holder', name: 'ນ. ມະນີວອນ ແກ້ວມະນີ', position: null, phone: '+856 20 5555 0002', holderKind: 'employee' },
        { ...base, id: newId(), role: 'checker', name: 'ທ. ບຸນມີ ພົມມະຈັນ', position: 'ຮອງຜູ້ອຳນວຍການ', phone: '+856 20 5555 0003' },
      ]);
      await accountsPort.use().insertUser(trx, {
        id: newId(),
        companyId,
        email: DEMO_ACCOUNTS.company.email,
        phone: '+8562055550010',
        name: 'ນ. ດາວວອນ ສີສຸວັນ',
        passwordHash,
        role: 'company_admin',
        language: 'lo',
        lockedUntil: null,
        disabledAt: null,
        createdAt: now,
        updatedAt: now,
      });
    });
  },
};
