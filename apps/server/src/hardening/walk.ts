import { describeValue, type HostileValue } from './hostile-values.ts';

/** Who the walker is: the network's admin, a plain member, a guest (external member), nobody. */
export const ROLES = ['admin', 'member', 'guest', 'anonymous'] as const;
export type Role = (typeof ROLES)[number];

/** One answer that fails the walk: a 5xx, no answer, or one slower than the bound. */
export type Finding = {
  /** `POST /appointments` or `socket message`. */
  where: string;
  /** `body appointment.name`, `query date`, `payload text`, `whole body` ... */
  place: string;
  role: Role;
  /** The hostile value sent; null for the valid-looking request. */
  value: HostileValue | null;
  /** What came back: `500 in 12 ms {"error":"internal_error"}`. */
  answer: string;
};

/**
 * The admin (who reaches the most code) and anonymous visitors send a place every value it
 * gets (`valuesForPlace`: one of each class); the member and the guest each a different eighth
 * of them, rotating over the places, so that every place meets its values as admin and a share
 * of them in each role, and the walk stays within minutes. Where `shareOnly` (anonymous refused at the door with 401, a body field
 * an earlier route had already: an update's fields are its create's) the admin and anonymous
 * send a share too.
 */
export const SHARE = 8;

export function sends(role: Role, shareOnly: boolean, place: number, value: number): boolean {
  if (!shareOnly && (role === 'admin' || role === 'anonymous')) return true;
  const offset = { admin: 0, member: 3, guest: 5, anonymous: 7 }[role];
  return (place + value + offset) % SHARE === 0;
}

/** Runs `work` over `items`, at most `concurrency` at a time. */
export async function pool<T>(
  items: Iterable<T>,
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const worker = async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      // Requests through `app.inject` and the embedded database can run on promises alone;
      // without a turn of the event loop between them, one waiting for a timer or I/O would
      // wait for all the others and look slow.
      await new Promise((resolve) => setImmediate(resolve));
      await work(next.value);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * The findings, one block per route and place, one line per value and answer with the roles
 * that got it: `POST /appointments — body appointment.name:` then
 * `  [admin, member] 500 in 12 ms {"error":"internal_error"} ← NUL inside: "a\u0000b"`.
 */
export function report(findings: Finding[]): string {
  const places = new Map<string, Map<string, Role[]>>();
  for (const f of findings) {
    const key = `${f.where} — ${f.place}`;
    const lines = places.get(key) ?? new Map<string, Role[]>();
    const line = `${f.answer.replace(/ in \d+ ms/, '')} ← ${f.value ? describeValue(f.value) : 'valid-looking values only'}`;
    lines.set(line, [...(lines.get(line) ?? []), f.role]);
    places.set(key, lines);
  }
  const out: string[] = [];
  for (const [key, lines] of [...places].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`${key}:`);
    for (const [line, roles] of lines) out.push(`  [${[...new Set(roles)].join(', ')}] ${line}`);
  }
  return out.join('\n');
}
