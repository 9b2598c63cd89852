import {
  APPOINTMENT_CATEGORY_ERROR_KEYS,
  APPOINTMENT_CATEGORY_LIMITS,
  type AppointmentCategory,
  type appointmentCategoriesBodySchema,
} from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { lockForTransaction } from '../../platform/db/locks.ts';
import { isUniqueViolation, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { createCategoryRepository } from './category-repository.ts';
import { presentCategory } from './present.ts';
import type { CategoryRow, createAppointmentsRepository } from './repository.ts';

export const APPOINTMENT_CATEGORIES_UPDATED = 'appointment_categories.updated';

type Entries = z.output<typeof appointmentCategoriesBodySchema>['categories'];

const key = (label: string) => label.trim().toLowerCase();
const duplicated = () => unprocessable({ label: [APPOINTMENT_CATEGORY_ERROR_KEYS.duplicated] });

/**
 * `PUT /administration/appointment_categories`: the editor's list as a whole. Entries naming an
 * existing category rename it (or delete it with `_destroy`); any other entry is a new category
 * (its id is its label); the list's order is the categories' order, and categories the list leaves
 * out (added meanwhile by another administrator) stay, after it. A deleted category leaves its
 * appointments without a category.
 */
export function createCategoryAdministration(deps: {
  db: Db;
  events: Pick<Events, 'record'>;
  repository: Pick<ReturnType<typeof createAppointmentsRepository>, 'categories'>;
}) {
  return async function saveCategories(actor: Actor, entries: Entries): Promise<AppointmentCategory[]> {
    const existing = await deps.repository.categories(actor.networkId);
    const byId = new Map(existing.map((row) => [row.id, row]));
    const destroyed = new Set<string>();
    const kept: Array<{ row: CategoryRow | null; label: string }> = [];
    for (const entry of entries) {
      const row = byId.get(entry.id) ?? null;
      if (entry._destroy) {
        if (row) destroyed.add(row.id);
        continue;
      }
      if (row && kept.some((k) => k.row?.id === row.id)) continue;
      kept.push({ row, label: entry.label });
    }
    const mentioned = new Set([...destroyed, ...kept.flatMap((k) => (k.row ? [k.row.id] : []))]);
    for (const row of existing) if (!mentioned.has(row.id)) kept.push({ row, label: row.label });

    const labels = new Set<string>();
    for (const { label } of kept) {
      if (labels.has(key(label))) throw duplicated();
      labels.add(key(label));
    }
    if (kept.length > APPOINTMENT_CATEGORY_LIMITS.max) throw unprocessable({ categories: ['too_many'] });

    const added = kept.filter((k) => !k.row).map((k) => k.label);
    const renamed = kept
      .filter((k) => k.row && k.row.label !== k.label)
      .map((k) => ({ id: k.row!.id, from: k.row!.label, to: k.label }));
    const removed = existing.filter((row) => destroyed.has(row.id)).map((row) => row.label);
    const reordered = kept.some((k, position) => k.row && k.row.position !== position);
    if (added.length + renamed.length + removed.length === 0 && !reordered) return existing.map(presentCategory);

    try {
      await deps.db.transaction(async (tx) => {
        await lockForTransaction(tx, `appointment_categories:${actor.networkId}`);
        const r = createCategoryRepository(tx);
        await r.remove(actor.networkId, [...destroyed]);
        // A rename may take a label another rename gives up (A -> B, B -> A): free them first.
        for (const { id } of renamed) await r.update(actor.networkId, id, { label: `\u0001${id}` });
        const rows = kept.map((k, position) => ({ ...k, position }));
        for (const { row, label, position } of rows)
          if (row) await r.update(actor.networkId, row.id, { label, position });
        await r.insert(
          rows.filter((k) => !k.row).map(({ label, position }) => ({ networkId: actor.networkId, label, position })),
        );
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: APPOINTMENT_CATEGORIES_UPDATED,
          actorId: actor.membershipId,
          subject: { type: 'network', id: actor.networkId },
          changes: { added, renamed: renamed.map(({ from, to }) => ({ from, to })), removed },
        });
      });
    } catch (err) {
      // Another administrator added the same label meanwhile.
      if (isUniqueViolation(err)) throw duplicated();
      throw err;
    }
    return (await deps.repository.categories(actor.networkId)).map(presentCategory);
  };
}
