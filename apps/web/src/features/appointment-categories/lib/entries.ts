import { sameCategoryLabel, type AppointmentCategory, type AppointmentCategoryEntry } from '@agora/contracts';

/** A row of the editor: a saved category (renamed perhaps, or flagged to go) or a new one. */
export type Entry = { id: string; label: string; _destroy: boolean; isNew: boolean; original: string | null };

export function entriesOf(categories: AppointmentCategory[]): Entry[] {
  return categories.map((c) => ({ id: c.id, label: c.label, _destroy: false, isNew: false, original: c.label }));
}

/** Whether another kept row has this label already (case and outer spaces ignored). */
export function isDuplicate(entries: Entry[], label: string, except?: number): boolean {
  return entries.some((e, i) => i !== except && !e._destroy && sameCategoryLabel(e.label, label));
}

/** Adds a new category at the end: its id is its label. */
export function addEntry(entries: Entry[], label: string): Entry[] {
  const trimmed = label.trim();
  return [...entries, { id: trimmed, label: trimmed, _destroy: false, isNew: true, original: null }];
}

/** Renames a row; a new one's id follows its label. */
export function renameEntry(entries: Entry[], index: number, label: string): Entry[] {
  return entries.map((e, i) => (i === index ? { ...e, label, id: e.isNew ? label.trim() : e.id } : e));
}

/** A new row is removed; a saved one is flagged `_destroy` (or the flag taken back). */
export function toggleRemoval(entries: Entry[], index: number): Entry[] {
  const entry = entries[index];
  if (!entry) return entries;
  if (entry.isNew) return entries.filter((_, i) => i !== index);
  return entries.map((e, i) => (i === index ? { ...e, _destroy: !e._destroy } : e));
}

export function isChanged(entries: Entry[]): boolean {
  return entries.some((e) => e.isNew || e._destroy || e.label !== e.original);
}

/** The rows with a problem: an empty label or one another row has. */
export function problems(entries: Entry[]): Map<number, 'required' | 'duplicated_category'> {
  const found = new Map<number, 'required' | 'duplicated_category'>();
  entries.forEach((e, i) => {
    if (e._destroy) return;
    if (!e.label.trim()) found.set(i, 'required');
    else if (isDuplicate(entries, e.label, i)) found.set(i, 'duplicated_category');
  });
  return found;
}

/** The body of `PUT /administration/appointment_categories`. */
export function bodyOf(entries: Entry[]): { categories: AppointmentCategoryEntry[] } {
  return {
    categories: entries.map((e) => ({ id: e.id, label: e.label.trim(), _destroy: e._destroy })),
  };
}
