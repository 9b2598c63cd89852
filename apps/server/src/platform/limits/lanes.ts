/**
 * Tasks run per key, at most `concurrency` of a key at once and the rest in the order they
 * came: one member's burst of socket events is handled a few at a time, so that the others'
 * events, which have lanes of their own, are never queued behind the whole burst.
 */
export function createLanes(concurrency: number) {
  type Lane = { running: number; waiting: Array<() => void> };
  const lanes = new Map<string, Lane>();

  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      let lane = lanes.get(key);
      if (!lane) lanes.set(key, (lane = { running: 0, waiting: [] }));
      const current = lane;
      const start = (): Promise<T> => {
        current.running += 1;
        return Promise.resolve()
          .then(task)
          .finally(() => {
            current.running -= 1;
            const next = current.waiting.shift();
            // The next one after the event loop has had its turn: work that settles in
            // microtasks alone (the embedded database) would otherwise run a whole burst
            // before another connection's data is even read.
            if (next) setImmediate(next);
            else if (current.running === 0) lanes.delete(key);
          });
      };
      if (current.running < concurrency) return start();
      return new Promise<T>((resolve, reject) => current.waiting.push(() => void start().then(resolve, reject)));
    },
    /** Keys with tasks running or waiting (for tests). */
    size(): number {
      return lanes.size;
    },
  };
}
