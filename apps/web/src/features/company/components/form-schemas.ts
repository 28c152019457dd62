import { CompanyFields, FirstUser, People } from '@bansi/shared/contracts/companies';
import { z } from 'zod';

// Apart from form-values.ts, which the settings screen needs at first paint: its schema (and zod) load
// with the form's first validation (lib/lazy-resolver.ts, decision 280).

/** The register wizard's schema: the three shared parts, as POST /auth/register takes them. */
export const RegisterFormSchema = z.object({ company: CompanyFields, people: People, user: FirstUser });

/** The settings form: the profile without the tax ID (it cannot change) and the signatories. */
export const ProfileFormSchema = z.object({ company: CompanyFields.omit({ tin: true }), people: People });
