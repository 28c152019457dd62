import { z } from 'zod';
import { LANGUAGES } from '../i18n';
import { Password } from './auth';

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
export const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'phone');
/** Lao tax identification numbers are written as digits; we keep 6–15 of them. */
export const Tin = z
  .string()
  .trim()
  .regex(/^[0-9]{6,15}$/, 'tin');

export const CompanyFields = z.object({
  nameLo: text(200),
  nameEn: text(200),
  tin: Tin,
  registrationNo: text(50),
  categoryId: z.uuid(),
  enterpriseTypeId: z.uuid(),
  sizeId: z.uuid(),
  unitId: z.uuid().optional(),
  specialCategoryId: z.uuid().optional(),
  accountProgramId: z.uuid(),
  provinceCode: z.string().regex(/^\d{2}$/),
  districtCode: z.string().regex(/^\d{4}$/),
  villageCode: z
    .string()
    .regex(/^\d{7}$/)
    .optional(),
  villageName: optionalText(120),
  address: text(300),
  phone: Phone,
  email: z.email().max(254),
});
export type CompanyFields = z.infer<typeof CompanyFields>;

export const Owner = z.object({ name: text(120), position: optionalText(120), phone: Phone, email: z.email().max(254).optional() });
export const Checker = z.object({ name: text(120), position: optionalText(120), phone: Phone.optional(), email: z.email().max(254).optional() });
export const Holder = z
  .object({
    kind: z.enum(['employee', 'outside']),
    name: text(120),
    phone: Phone,
    email: z.email().max(254).optional(),
    licenceNo: optionalText(50),
    firmName: optionalText(200),
  })
  .superRefine((h, ctx) => {
    if (h.kind !== 'outside') return;
    if (!h.licenceNo) ctx.addIssue({ code: 'custom', path: ['licenceNo'], message: 'required' });
    if (!h.firmName) ctx.addIssue({ code: 'custom', path: ['firmName'], message: 'required' });
  });
export const People = z.object({ owner: Owner, holder: Holder, checker: Checker });
export type People = z.infer<typeof People>;

export const FirstUser = z.object({
  name: text(120),
  email: z.email().max(254),
  phone: Phone.optional(),
  password: Password,
  language: z.enum(LANGUAGES).default('lo'),
});

export const RegisterRequest = z.object({ company: CompanyFields, people: People, user: FirstUser });
export type RegisterRequest = z.infer<typeof RegisterRequest>;
export const RegisterResponse = z.object({ companyId: z.uuid() });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const TinCheckQuery = z.object({ tin: Tin });
export const TinCheck = z.object({ available: z.boolean() });
export type TinCheck = z.infer<typeof TinCheck>;

export const Person = z.object({
  role: z.enum(['owner', 'holder', 'checker']),
  name: z.string(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  holderKind: z.enum(['employee', 'outside']).nullable(),
  licenceNo: z.string().nullable(),
  firmName: z.string().nullable(),
});

export const Company = CompanyFields.extend({
  id: z.uuid(),
  unitId: z.uuid().nullable(),
  specialCategoryId: z.uuid().nullable(),
  villageCode: z.string().nullable(),
  villageName: z.string().nullable(),
  people: z.array(Person),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof Company>;

/** A partial edit; the optional fields take null to be cleared (e.g. a village code when moving to a district without a list). */
export const UpdateCompanyRequest = z.object({
  company: CompanyFields.omit({ tin: true })
    .partial()
    .extend({
      unitId: z.uuid().nullable().optional(),
      specialCategoryId: z.uuid().nullable().optional(),
      villageCode: z
        .string()
        .regex(/^\d{7}$/)
        .nullable()
        .optional(),
      villageName: z.string().trim().max(120).nullable().optional(),
    }),
  people: People.optional(),
});

export const Member = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(['company_user', 'company_admin']),
  pending: z.boolean().meta({ description: 'invited, has not set a password yet' }),
  createdAt: z.string(),
});
export type Member = z.infer<typeof Member>;

export const InviteRequest = z.object({
  name: text(120),
  email: z.email().max(254),
  role: z.enum(['company_user', 'company_admin']).default('company_user'),
  language: z.enum(LANGUAGES).default('lo'),
});
export const AcceptInvitationRequest = z.object({ token: z.string().min(20).max(200), password: Password });
