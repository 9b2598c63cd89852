import type { Calendar, CalendarType } from '@agora/contracts';

/** A heading of the calendar filter and the manage page, with its calendars. */
export type CalendarSection = {
  key: string;
  type: CalendarType;
  /** For group calendars: the category of the groups (null: groups without a category). */
  categoryName: string | null;
  calendars: Calendar[];
};

const TYPE_ORDER: CalendarType[] = ['network', 'group', 'personal', 'shared'];

/**
 * Calendars grouped as the member thinks of them: the network's, the groups' by category, their
 * own personal ones, and those others share with them. The server's order stays within a section.
 */
export function calendarSections(calendars: readonly Calendar[], collator?: Intl.Collator): CalendarSection[] {
  const compare = collator ?? new Intl.Collator(undefined, { sensitivity: 'base' });
  const sections = new Map<string, CalendarSection>();
  for (const calendar of calendars) {
    const categoryName = calendar.type === 'group' ? (calendar.category_name ?? null) : null;
    const key = calendar.type === 'group' ? `group:${categoryName ?? ''}` : calendar.type;
    let section = sections.get(key);
    if (!section) {
      section = { key, type: calendar.type, categoryName, calendars: [] };
      sections.set(key, section);
    }
    section.calendars.push(calendar);
  }
  return [...sections.values()].sort((a, b) => {
    const byType = TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type);
    if (byType !== 0) return byType;
    // Groups without a category come after the named categories.
    if (a.categoryName === null) return b.categoryName === null ? 0 : 1;
    if (b.categoryName === null) return -1;
    return compare.compare(a.categoryName, b.categoryName);
  });
}

/** The colour of a calendar as CSS (stored without `#`). */
export function calendarColor(color: string): string {
  return `#${color.replace(/^#/, '')}`;
}
