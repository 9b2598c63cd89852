import type { PGlite } from '@electric-sql/pglite';

/**
 * Puts a PGlite loaded from the migrated template back to the template's contents, so that a
 * worker can hand it to its next test file instead of starting another (database.ts). The
 * template's few rows (the migrations journal, the job queue's version and queues) are copied
 * into a schema of their own when the PGlite is first reset; a reset then drops what a file
 * created (the job queue makes a table per new queue), empties every table, copies those rows
 * back, sets each sequence to where it stood, and forgets the file's session settings,
 * statistics, listeners and locks.
 */
const SNAPSHOT = 'agora_test_template';
const OWN_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema', '${SNAPSHOT}') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`;

type ResetPlan = { relations: Set<string>; sql: string };
const plans = new WeakMap<PGlite, Promise<ResetPlan>>();

/** Called on a PGlite straight from the dump, before any file used it. */
export function rememberTemplate(pglite: PGlite): Promise<ResetPlan> {
  let plan = plans.get(pglite);
  if (!plan) {
    plan = planReset(pglite);
    plans.set(pglite, plan);
  }
  return plan;
}

export async function resetToTemplate(pglite: PGlite): Promise<void> {
  const plan = await plans.get(pglite);
  if (!plan) throw new Error('resetToTemplate: the template of this PGlite was not remembered');
  const created = (await pglite.query<{ name: string; kind: string }>(relationsQuery)).rows.filter(
    (relation) => !plan.relations.has(relation.name),
  );
  const drops = created.map(
    ({ name, kind }) =>
      `DROP ${kind === 'S' ? 'SEQUENCE' : kind === 'v' ? 'VIEW' : kind === 'm' ? 'MATERIALIZED VIEW' : 'TABLE'} IF EXISTS ${name} CASCADE;`,
  );
  await pglite.exec(`${drops.join('\n')}\n${plan.sql}`);
  await pglite.exec('RESET ALL; UNLISTEN *; DISCARD TEMP; SELECT pg_advisory_unlock_all();');
}

const relationsQuery = `
  SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relkind AS kind
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE ${OWN_SCHEMAS} AND c.relkind IN ('r', 'p', 'S', 'v', 'm')`;

async function planReset(pglite: PGlite): Promise<ResetPlan> {
  const relations = (await pglite.query<{ name: string; kind: string }>(relationsQuery)).rows;
  const tables = relations.filter((relation) => relation.kind === 'r' || relation.kind === 'p').map((t) => t.name);
  const restores: string[] = [];
  await pglite.exec(`CREATE SCHEMA ${SNAPSHOT}`);
  for (const [index, table] of tables.entries()) {
    const { rows } = await pglite.query<{ filled: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS filled`);
    if (!rows[0]?.filled) continue;
    // Stored generated columns are computed again; every other column is copied as it was.
    const columns = (
      await pglite.query<{ name: string }>(
        `SELECT quote_ident(attname) AS name FROM pg_attribute
         WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
         ORDER BY attnum`,
        [table],
      )
    ).rows
      .map((column) => column.name)
      .join(', ');
    const copy = `${SNAPSHOT}.t${index}`;
    await pglite.exec(`CREATE TABLE ${copy} AS SELECT ${columns} FROM ${table}`);
    restores.push(`INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${copy};`);
  }
  const sequences = (
    await pglite.query<{ name: string; value: string; called: boolean }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name,
              coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
       FROM pg_sequences WHERE schemaname <> '${SNAPSHOT}'`,
    )
  ).rows.map((sequence) => `SELECT setval('${sequence.name}', ${sequence.value}, ${sequence.called});`);
  const sql = [
    tables.length > 0 ? `TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE;` : '',
    // Foreign keys are not checked while the template's rows go back in whatever order.
    'SET session_replication_role = replica;',
    ...restores,
    'SET session_replication_role = DEFAULT;',
    ...sequences,
    `DELETE FROM pg_statistic s USING pg_class c, pg_namespace n
     WHERE s.starelid = c.oid AND c.relnamespace = n.oid AND ${OWN_SCHEMAS};`,
  ].join('\n');
  return { relations: new Set(relations.map((relation) => relation.name)), sql };
}
