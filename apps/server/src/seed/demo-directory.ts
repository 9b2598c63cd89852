import type { DemoNetwork } from './demo-context.ts';

/** Department and office of each demo member (indexes as in demo.ts); Gina, a guest, has no office. */
const DIRECTORY: Array<[member: number, department: string, location: string | null]> = [
  [0, 'Personal', 'Berlin'],
  [1, 'Entwicklung', 'Berlin'],
  [2, 'Beratung', null],
  [3, 'Marketing', 'München'],
  [4, 'Marketing', 'Köln'],
  [5, 'Marketing', 'Köln'],
  [6, 'Marketing', 'München'],
  [7, 'Marketing', 'Berlin'],
  [8, 'Entwicklung', 'Berlin'],
  [9, 'Entwicklung', 'Berlin'],
  [10, 'Entwicklung', 'Hamburg'],
  [11, 'Entwicklung', 'Hamburg'],
  [12, 'Entwicklung', 'München'],
  [13, 'Entwicklung', 'Berlin'],
  [14, 'Personal', 'Berlin'],
  [15, 'Personal', 'Hamburg'],
  [16, 'Geschäftsführung', 'Berlin'],
  [17, 'Finanzen', 'Berlin'],
  [18, 'Verwaltung', 'Berlin'],
  [19, 'Verwaltung', 'Berlin'],
  [20, 'Vertrieb', 'Berlin'],
  [21, 'Vertrieb', 'Berlin'],
  [22, 'Verwaltung', 'Hamburg'],
  [23, 'Vertrieb', 'Hamburg'],
  [24, 'Finanzen', 'Hamburg'],
  [25, 'Vertrieb', 'Hamburg'],
  [26, 'Verwaltung', 'München'],
  [27, 'Vertrieb', 'München'],
];

/**
 * The directory of the demo: each member's department and office, shown in the rows with the
 * position and phone, and the department, office and languages to filter by.
 */
export async function seedDemoDirectory(demo: DemoNetwork): Promise<void> {
  const { services, network, memberships } = demo;
  await services.networks.updateSettings(network.id, {
    directory_profile_fields: ['department', 'position', 'location', 'phone'],
    directory_filter_profile_fields: ['department', 'location', 'languages'],
  });
  await services.members.mergeProfileValues(
    network.id,
    DIRECTORY.map(([member, department, location]) => ({
      id: memberships[member]!.id,
      values: location ? { department, location } : { department },
    })),
  );
}
