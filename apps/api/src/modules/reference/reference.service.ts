import type { CreateReferenceItemRequest, FieldError, ReferenceList, StaffReferenceItem, UpdateReferenceItemRequest } from '@bansi/shared';
import type { Selectable } from 'kysely';
import type { Actor } from '../../lib/actor';
import { newId } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { duplicate, invalid, notFound } from '../../lib/errors';
import { recordAudit } from '../audit';
import { countUses, findItemByCode, findItemById, insertItem, listAllItems, nextSortOrder, updateItem } from './reference.repository';
import type { ReferenceItemsTable } from './reference.tables';

/**
 * Staff admins edit the reference lists (DESIGN §4, §8.5). Codes are stable (other records and the
 * checklist name rows by id or code), so only names, order and attributes change. A row is never
 * deleted: it is retired — gone from the forms, still readable on the records that name it.
 * Every change is an audit entry in the same transaction. The public lists are served `no-cache`,
 * so the next request sees an edit (reference.routes.ts).
 */

type Row = Selectable<ReferenceItemsTable>;

function present(row: Row, inUse: number): StaffReferenceItem {
  return {
    id: row.id,
    list: row.list as ReferenceList,
    code: row.code,
    nameLo: row.nameLo,
    nameEn: row.nameEn,
    parentId: row.parentId,
    sortOrder: Number(row.sortOrder),
    active: Number(row.active) === 1,
    inUse,
    extra: row.extra ? (JSON.parse(row.extra) as Record<string, unknown>) : null,
  };
}

export async function listStaffReference(deps: Deps, list: ReferenceList): Promise<{ items: StaffReferenceItem[] }> {
  const rows = await listAllItems(deps.db, list);
  const uses = await countUses(deps.db, list, rows);
  return { items: rows.map((r) => present(r, uses.get(r.id) ?? 0)) };
}

/** The list-specific attributes, checked against the list: what does not belong there is a field error. */
function extraFor(list: ReferenceList, body: UpdateReferenceItemRequest, current: Record<string, unknown> | null): string | null {
  const errors: FieldError[] = [];
  const misplaced = (field: string) => errors.push({ path: `body.${field}`, code: 'not_for_this_list', message: field });
  const next: Record<string, unknown> = { ...(current ?? {}) };
  if (list === 'document-types') {
    if (body.required !== undefined) next.required = body.required;
    if (body.kinds !== undefined) next.kinds = [...new Set(body.kinds)];
    next.required ??= false;
  } else {
    if (body.required !== undefined) misplaced('required');
    if (body.kinds !== undefined) misplaced('kinds');
  }
  if (list === 'categories') {
    if (body.sector !== undefined) next.sector = body.sector;
  } else if (body.sector !== undefined) misplaced('sector');
  if (errors.length) throw invalid(errors);
  return Object.keys(next).length ? JSON.stringify(next) : null;
}

async function checkParent(deps: Deps, list: ReferenceList, parentId: string | null | undefined, creating: boolean) {
  if (list !== 'departments') {
    if (parentId) throw invalid([{ path: 'body.parentId', code: 'not_for_this_list', message: 'parentId' }]);
    return;
  }
  if (parentId === undefined && !creating) return;
  const parent = parentId ? await findItemById(deps.db, parentId) : undefined;
  if (!parent || parent.list !== 'categories') throw invalid([{ path: 'body.parentId', code: 'category_required', message: 'parentId' }]);
}

export async function createReferenceItem(deps: Deps, actor: Actor, list: ReferenceList, body: CreateReferenceItemRequest) {
  await checkParent(deps, list, body.parentId, true);
  if (list === 'document-types' && !body.kinds) throw invalid([{ path: 'body.kinds', code: 'too_small', message: 'kinds' }]);
  if (await findItemByCode(deps.db, list, body.code)) {
    throw duplicate([{ path: 'body.code', code: 'taken', message: 'code' }]);
  }
  const row: Row = {
    id: newId(),
    list,
    code: body.code,
    nameLo: body.nameLo,
    nameEn: body.nameEn,
    parentId: list === 'departments' ? (body.parentId ?? null) : null,
    sortOrder: body.sortOrder ?? (await nextSortOrder(deps.db, list)),
    active: 1,
    extra: extraFor(list, body, null),
  };
  await deps.db.transaction().execute(async (trx) => {
    await insertItem(trx, row);
    await recordAudit(trx, actor, 'reference.create', { kind: `reference:${list}`, id: row.id }, { companyId: null, details: { code: row.code } });
  });
  return present(row, 0);
}

async function itemOf(deps: Deps, list: ReferenceList, id: string): Promise<Row> {
  const row = await findItemById(deps.db, id);
  if (!row || row.list !== list) throw notFound();
  return row;
}

export async function updateReferenceItem(deps: Deps, actor: Actor, list: ReferenceList, id: string, body: UpdateReferenceItemRequest) {
  const row = await itemOf(deps, list, id);
  await checkParent(deps, list, body.parentId, false);
  const set: Partial<Row> = {};
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  const change = <K extends 'nameLo' | 'nameEn' | 'sortOrder' | 'parentId' | 'extra'>(key: K, value: Row[K] | undefined) => {
    if (value === undefined || value === row[key]) return;
    set[key] = value;
    changed[key] = { from: row[key], to: value };
  };
  change('nameLo', body.nameLo);
  change('nameEn', body.nameEn);
  change('sortOrder', body.sortOrder);
  if (list === 'departments') change('parentId', body.parentId ?? undefined);
  change('extra', extraFor(list, body, row.extra ? (JSON.parse(row.extra) as Record<string, unknown>) : null));
  if (Object.keys(set).length) {
    await deps.db.transaction().execute(async (trx) => {
      await updateItem(trx, id, set);
      await recordAudit(trx, actor, 'reference.update', { kind: `reference:${list}`, id }, { companyId: null, details: { code: row.code, changed } });
    });
  }
  return present({ ...row, ...set }, (await countUses(deps.db, list, [row])).get(id) ?? 0);
}

/** Retire (active = 0) or bring back a row; records naming it keep it. */
export async function setReferenceItemActive(deps: Deps, actor: Actor, list: ReferenceList, id: string, active: boolean) {
  const row = await itemOf(deps, list, id);
  if ((Number(row.active) === 1) !== active) {
    await deps.db.transaction().execute(async (trx) => {
      await updateItem(trx, id, { active: active ? 1 : 0 });
      await recordAudit(
        trx,
        actor,
        active ? 'reference.restore' : 'reference.retire',
        { kind: `reference:${list}`, id },
        {
          companyId: null,
          details: { code: row.code },
        },
      );
    });
  }
  return present({ ...row, active: active ? 1 : 0 }, (await countUses(deps.db, list, [row])).get(id) ?? 0);
}
