import { randomBytes } from 'node:crypto';

// ObjectId layout: 4 bytes of seconds, 5 random bytes fixed per process, 3 bytes of a counter.
// Ids sort by creation time and never collide within a process.
const processRandom = randomBytes(5).toString('hex');
// The counter starts in the lower half, so that it wraps (and ids of one second lose their order)
// only after eight million ids from one process.
let counter = randomBytes(3).readUIntBE(0, 3) & 0x7fffff;

export function newId(now: number = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + processRandom + counter.toString(16).padStart(6, '0');
}

/** The creation time an id carries. */
export function idTime(id: string): Date {
  return new Date(parseInt(id.slice(0, 8), 16) * 1000);
}
