import { AsyncLocalStorage } from 'node:async_hooks';

type Reads = Map<(actor: never) => Promise<unknown>, Map<string, Promise<unknown>>>;

const oneCount = new AsyncLocalStorage<Reads>();

/** Runs one count of `GET /api/v1/unreads`, within which shared reads are made once. */
export function countingOnce<T>(run: () => Promise<T>): Promise<T> {
  return oneCount.run(new Map(), run);
}

/**
 * A read several counters make (the member's open invites counted for their own badge and for
 * the inbox's total, the groups whose content they read): within one count, every counter asking
 * for the same member shares one answer; outside of it, each call reads. Only for reads: the
 * count writes nothing, so the answer cannot go stale while it runs.
 */
export function sharedWithinCount<A extends { membershipId: string }, R>(
  read: (actor: A) => Promise<R>,
): (actor: A) => Promise<R> {
  return (actor) => {
    const reads = oneCount.getStore();
    if (!reads) return read(actor);
    let answers = reads.get(read);
    if (!answers) reads.set(read, (answers = new Map()));
    let answer = answers.get(actor.membershipId) as Promise<R> | undefined;
    if (!answer) answers.set(actor.membershipId, (answer = read(actor)));
    return answer;
  };
}
