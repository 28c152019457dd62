import { provideSessionCompanies } from './auth/auth.company';
import { findCompanySummary } from './companies/companies.repository';

/**
 * What a lower module reads from a higher one, handed down once at load (decision 196): the lower
 * module declares the function it needs, the composition gives it the owner's read function.
 */
provideSessionCompanies(findCompanySummary);
