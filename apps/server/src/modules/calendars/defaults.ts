import { CALENDAR_PALETTE, type StoredCalendarType } from '@agora/contracts';
import type { GroupsService } from '../groups/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { CalendarRow, CalendarsRepository, NewCalendarRow } from './repository.ts';

/** A calendar for seeds and generated networks. */
export type NewCalendar = {
  type: StoredCalendarType;
  name: string;
  color: string;
  parentId?: string | null;
  ownerId?: string | null;
  authorId?: string | null;
  isDefault?: boolean;
  sharedWith?: string[];
};

const CHUNK = 1000;

/** A palette colour that stays the same for the same id, so defaults do not change between runs. */
function paletteColorFor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return CALENDAR_PALETTE[hash % CALENDAR_PALETTE.length]!;
}

function defaultRow(networkId: string, type: 'network' | 'group', id: string, name: string): NewCalendarRow {
  return {
    networkId,
    type,
    name,
    color: paletteColorFor(id),
    parentId: type === 'group' ? id : null,
    isDefault: true,
  };
}

/** The calendars networks and groups start with, and bulk creation for seeds. */
export function createCalendarDefaults(deps: {
  repository: CalendarsRepository;
  networks: NetworksService;
  groups: GroupsService;
}) {
  const { repository } = deps;

  /** Every write to a network's calendars raises its calendar version in the same transaction. */
  async function insertDefaults(networkId: string, rows: NewCalendarRow[]): Promise<void> {
    if (rows.length === 0) return;
    await repository.transaction(async (tx) => {
      await repository.insertDefaults(tx, rows);
      await repository.touch(tx, networkId);
    });
  }

  /** Each group's calendar, named as the group. */
  async function addGroupDefaults(networkId: string, groups: Array<{ id: string; name: string }>): Promise<void> {
    for (let i = 0; i < groups.length; i += CHUNK) {
      const rows = groups.slice(i, i + CHUNK).map((g) => defaultRow(networkId, 'group', g.id, g.name));
      await insertDefaults(networkId, rows);
    }
  }

  return {
    addGroupDefaults,
    /**
     * The network calendar and the groups' calendars where missing: for networks made before
     * calendars existed too, and safe to run twice (the defaults' unique indexes hold).
     */
    async ensureDefaults(networkId: string): Promise<void> {
      const network = await deps.networks.get(networkId);
      if (!network) throw new Error(`No network ${networkId}`);
      if (!(await repository.hasDefaultNetworkCalendar(networkId))) {
        await insertDefaults(networkId, [defaultRow(networkId, 'network', network.id, network.name)]);
      }
      const [groups, withDefault] = await Promise.all([
        deps.groups.namesOf(networkId),
        repository.groupsWithDefault(networkId),
      ]);
      await addGroupDefaults(
        networkId,
        groups.filter((g) => !withDefault.has(g.id)),
      );
    },
    /** Bulk creation for seeds and generated networks: chunks of 1000, shares included. */
    async createMany(networkId: string, rows: NewCalendar[]): Promise<CalendarRow[]> {
      const created: CalendarRow[] = [];
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        const inserted = await repository.transaction(async (tx) => {
          await repository.touch(tx, networkId);
          return repository.insert(
            tx,
            chunk.map((r) => ({
              networkId,
              type: r.type,
              name: r.name,
              color: r.color,
              parentId: r.parentId ?? null,
              ownerId: r.ownerId ?? null,
              authorId: r.authorId ?? null,
              isDefault: r.isDefault ?? false,
            })),
            chunk.map((r, index) => ({ index, membershipIds: r.sharedWith ?? [] })),
          );
        });
        created.push(...inserted);
      }
      return created;
    },
  };
}
