import { describe, expect, it } from 'vitest';
import { idTime, newId } from './ids.ts';

describe('newId', () => {
  it('gives 24 lowercase hex digits', () => {
    for (let i = 0; i < 50; i++) expect(newId()).toMatch(/^[0-9a-f]{24}$/);
  });

  it('gives ids that sort by creation time', () => {
    const earlier = newId(Date.parse('2024-03-01T12:00:00Z'));
    const later = newId(Date.parse('2024-03-01T12:00:01Z'));
    const muchLater = newId(Date.parse('2031-01-01T00:00:00Z'));
    expect(earlier < later).toBe(true);
    expect(later < muchLater).toBe(true);
    // The time leads, not the counter: an id made afterwards for an earlier second sorts first.
    const ids = [Date.parse('2024-03-01T12:00:02Z'), Date.parse('2024-03-01T12:00:01Z')].map((t) => newId(t));
    expect(ids[0]! > ids[1]!).toBe(true);
  });

  it('gives increasing, distinct ids within one second', () => {
    const now = Date.parse('2024-03-01T12:00:00.250Z');
    const ids = Array.from({ length: 200 }, (_, i) => newId(now + (i % 500)));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('idTime', () => {
  it('gives back the second an id was created in', () => {
    const created = Date.parse('2024-03-01T12:34:56.789Z');
    expect(idTime(newId(created))).toEqual(new Date('2024-03-01T12:34:56.000Z'));
    const now = Date.now();
    expect(idTime(newId(now)).getTime()).toBe(Math.floor(now / 1000) * 1000);
  });
});
