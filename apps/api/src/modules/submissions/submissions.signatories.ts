import type { People, SubmissionSignatories } from '@bansi/shared';
import type { CompanyPeopleTable } from '../companies';

/** The profile's three signatories as a submission records them (null while one is missing). */
export function signatoriesSnapshot(people: CompanyPeopleTable[]): SubmissionSignatories | null {
  const owner = people.find((p) => p.role === 'owner');
  const holder = people.find((p) => p.role === 'holder');
  const checker = people.find((p) => p.role === 'checker');
  if (!owner || !holder || !checker) return null;
  const person = (p: CompanyPeopleTable) => ({ name: p.name, position: p.position, phone: p.phone, email: p.email });
  return {
    owner: person(owner),
    holder: { ...person(holder), kind: holder.holderKind ?? 'employee', licenceNo: holder.licenceNo, firmName: holder.firmName },
    checker: person(checker),
  };
}

/** The signatories a PATCH sends, as the submission records them. */
export function signatoriesFromRequest(p: People): SubmissionSignatories {
  const outside = p.holder.kind === 'outside';
  return {
    owner: { name: p.owner.name, position: p.owner.position ?? null, phone: p.owner.phone, email: p.owner.email ?? null },
    holder: {
      kind: p.holder.kind,
      name: p.holder.name,
      position: null,
      phone: p.holder.phone,
      email: p.holder.email ?? null,
      licenceNo: outside ? (p.holder.licenceNo ?? null) : null,
      firmName: outside ? (p.holder.firmName ?? null) : null,
    },
    checker: { name: p.checker.name, position: p.checker.position ?? null, phone: p.checker.phone ?? null, email: p.checker.email ?? null },
  };
}
