import type { ReferenceItem } from '@bansi/shared';
import type { Selectable } from 'kysely';
import type { ReferenceItemsTable } from './reference.tables';

export function presentItem(row: Selectable<ReferenceItemsTable>): ReferenceItem {
  return {
    id: row.id,
    code: row.code,
    nameLo: row.nameLo,
    nameEn: row.nameEn,
    parentId: row.parentId,
    extra: row.extra ? (JSON.parse(row.extra) as Record<string, unknown>) : null,
  };
}
