import { and, asc, desc, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProfilePropertyType } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { fileFolders, files, folders, type FileRow, type FolderRow } from './tables.ts';

/** A `profile.{name}` filter on a property the searched kind defines: any of the values matches. */
export type ProfileFilter = { name: string; type: ProfilePropertyType; values: string[] };
/** `name`, `updated_at`, or a sortable profile property's name. */
export type SearchSort = { by: 'name' | 'updated_at' | { profile: string }; descending: boolean };
export type SearchInput = {
  folderIds: string[];
  /** Words to find in names and descriptions (`%` and `_` meant literally). */
  text: string;
  filters: ProfileFilter[];
  sort: SearchSort;
  limit: number;
};

/** `%`, `_` and `\` typed by a member are meant literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The searched table's columns, as SQL. */
type Columns = { name: SQL; description: SQL; profile: SQL; updatedAt: SQL };

function conditions(input: SearchInput, columns: Columns): SQL[] {
  const result: SQL[] = [];
  for (const word of input.text.split(/\s+/).filter(Boolean)) {
    const pattern = `%${escapeLike(word)}%`;
    result.push(or(sql`${columns.name} ilike ${pattern}`, sql`${columns.description} ilike ${pattern}`)!);
  }
  for (const filter of input.filters) {
    const value = sql`${columns.profile} -> ${filter.name}`;
    const text = sql`${columns.profile} ->> ${filter.name}`;
    const any = filter.values.map((v) => {
      if (filter.type === 'tag') return sql`(jsonb_typeof(${value}) = 'array' and ${value} ? ${v})`;
      if (filter.type === 'text') return sql`${text} ilike ${`%${escapeLike(v)}%`}`;
      return sql`${text} = ${v}`;
    });
    result.push(or(...any)!);
  }
  return result;
}

function ordering(sort: SearchSort, columns: Columns): SQL[] {
  const direction = (expression: SQL) => (sort.descending ? desc(expression) : asc(expression));
  if (sort.by === 'name') return [direction(sql`lower(${columns.name})`)];
  if (sort.by === 'updated_at') return [direction(columns.updatedAt)];
  // Rows without the value come last either way.
  const value = sql`${columns.profile} ->> ${sort.by.profile}`;
  return [asc(sql`${value} is null`), direction(value), asc(sql`lower(${columns.name})`)];
}

/** The folder search's queries: folders below a folder, files in its subtree. */
export function createSearchRepository(db: Db) {
  return {
    /** Folders of the subtree but the searched one itself. */
    async folders(networkId: string, searchedId: string, input: SearchInput): Promise<FolderRow[]> {
      const columns = {
        name: sql`${folders.name}`,
        description: sql`${folders.description}`,
        profile: sql`${folders.folderProfile}`,
        updatedAt: sql`${folders.updatedAt}`,
      };
      return db
        .select()
        .from(folders)
        .where(
          and(
            sql`${folders.networkId} = ${networkId}`,
            inArray(folders.id, input.folderIds),
            ne(folders.id, searchedId),
            ...conditions(input, columns),
          ),
        )
        .orderBy(...ordering(input.sort, columns), asc(folders.id))
        .limit(input.limit);
    },

    /** Files linked to a folder of the subtree (each once). */
    async files(networkId: string, input: SearchInput): Promise<FileRow[]> {
      const columns = {
        name: sql`${files.name}`,
        description: sql`${files.description}`,
        profile: sql`${files.fileProfile}`,
        updatedAt: sql`${files.updatedAt}`,
      };
      return db
        .select()
        .from(files)
        .where(
          and(
            sql`${files.networkId} = ${networkId}`,
            inArray(
              files.id,
              db
                .select({ id: fileFolders.fileId })
                .from(fileFolders)
                .where(inArray(fileFolders.folderId, input.folderIds)),
            ),
            ...conditions(input, columns),
          ),
        )
        .orderBy(...ordering(input.sort, columns), asc(files.id))
        .limit(input.limit);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
