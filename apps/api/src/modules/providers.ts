import { provideStaffNames } from './api-keys';
import { findUserById, provideSessionCompanies } from './auth';
import { countCompaniesNamingItems, findCompanySummary } from './companies';
import { provideReferenceUses } from './reference';
import { countSubmissionsNamingItems } from './submissions';

/**
 * What a lower module reads from a higher one, handed down once at load (decision 196): the lower
 * module declares the function it needs, the composition gives it the owner's read function.
 */
provideSessionCompanies(findCompanySummary);
provideReferenceUses(countCompaniesNamingItems);
provideReferenceUses(countSubmissionsNamingItems);
provideStaffNames(async (db, ids) => {
  const users = await Promise.all(ids.map((id) => findUserById(db, id)));
  return new Map(users.flatMap((u) => (u ? [[u.id, u.name] as const] : [])));
});
