import { createHash } from 'node:crypto';

export type EveryOptions = {
  /** The length of a slot; slots start at multiples of it since the Unix epoch (UTC). */
  seconds: number;
  /** When in its slot a run starts (7 hours into a day: 07:00 UTC). */
  offsetSeconds?: number;
};

/** What a run is given: the start of its slot (a day's run gets its day's midnight, UTC). */
export type RecurringHandler = (slot: Date) => Promise<void>;

export type SlotJob = { slot: string };

/** The slot whose run is the next one due at `now`: this slot when its run time is not past, else the next. */
export function nextSlot(now: Date, { seconds, offsetSeconds = 0 }: EveryOptions): Date {
  const period = seconds * 1000;
  const start = Math.floor(now.getTime() / period) * period;
  return new Date(now.getTime() <= start + offsetSeconds * 1000 ? start : start + period);
}

/**
 * The job of one slot, with an id made from the queue and the slot: every process sends the
 * same job for the same slot, and the queue stores it once.
 */
export function slotJob(queue: string, slot: Date, { offsetSeconds = 0 }: EveryOptions) {
  const hex = createHash('sha256').update(`${queue}@${slot.toISOString()}`).digest('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return {
    data: { slot: slot.toISOString() } satisfies SlotJob,
    options: { id, startAfter: new Date(slot.getTime() + offsetSeconds * 1000) },
  };
}
