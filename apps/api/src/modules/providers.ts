import { provideActors, provideSubjectNames } from './audit';
import { auditActors, nameUsers, provideSessionCompanies } from './auth';
import { nameBookings, nameHolidays, provideFilingOwners } from './bookings';
import { nameNotifications, namePosts } from './content';
import { nameLibraryDocuments } from './library';
import { nameNotes } from './notes';
import { nameInvoices } from './payments';
import { countCompaniesNamingItems, findCompanySummary, nameCompanies } from './companies';
import { provideReferenceUses } from './reference';
import { countSubmissionsNamingItems, findSubmission, nameSubmissions } from './submissions';

/**
 * What a lower module reads from a higher one, handed down once at load (decision 196): the lower
 * module declares the function it needs, the composition gives it the owner's read function.
 */
provideSessionCompanies(findCompanySummary);
provideReferenceUses(countCompaniesNamingItems);
provideReferenceUses(countSubmissionsNamingItems);
provideFilingOwners(findSubmission);
provideActors(auditActors);
provideSubjectNames({
  company: nameCompanies,
  submission: nameSubmissions,
  notes: nameNotes,
  invoice: nameInvoices,
  booking: nameBookings,
  booking_holiday: nameHolidays,
  user: nameUsers,
  library_document: nameLibraryDocuments,
  post: namePosts,
  notification: nameNotifications,
});
