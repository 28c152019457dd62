import type { DocumentEntry, DocumentKind } from '@bansi/shared';
import type { Deps } from '../../lib/deps';

/**
 * The all-document history (`GET /documents`) gathers entries from sources. This module registers
 * the submission source (submissions, their files, receipts); the notes module registers its own
 * (kind 'notes', added to DOCUMENT_KINDS in the shared contract) when it lands — decision 033.
 */
export interface DocumentSource {
  /** the kinds this source produces; a `?kind=` filter asks only the sources that produce it */
  kinds: readonly DocumentKind[];
  list(deps: Deps, companyId: string, filter: { bookYear?: number }): Promise<DocumentEntry[]>;
}

const sources = new Map<string, DocumentSource>();

export function registerDocumentSource(name: string, source: DocumentSource): void {
  sources.set(name, source);
}

export function documentSources(kind?: DocumentKind): DocumentSource[] {
  return [...sources.values()].filter((s) => !kind || s.kinds.includes(kind));
}
