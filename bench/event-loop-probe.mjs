// Loaded into the server by the capacity bench (`node --import`): every second it appends to
// BENCH_EVENT_LOOP_FILE how late the server's event loop ran (p99 and longest, in ms), how long
// the garbage collector paused it, and, seen from inside the server, how long its HTTP answers
// took, how long a statement waited for a connection of the pool, and how long PostgreSQL took
// to answer a statement. So the bench can tell a server that stalls from a pool that is too
// small from a database that answers late. Beside it (`<file>.statements.json`, rewritten each
// second) it counts the statements each HTTP route sent and, by their text, those sent outside
// any HTTP answer: what the database is asked for, and by whom.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { setInterval } from 'node:timers';
import { pathToFileURL } from 'node:url';

/** The event loop's delay, measured by a histogram every `resolution` ms. */
export function watchLoop() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  return {
    /** This second's p99 and longest delay, in ms; starts the next second. */
    take() {
      const second = { p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 };
      delay.reset();
      return second;
    },
    stop: () => delay.disable(),
  };
}

/** Durations of one kind within a second: how many, p99, longest and their sum, in ms. */
function durations() {
  let values = [];
  return {
    add: (ms) => values.push(ms),
    take() {
      const sorted = values.sort((a, b) => a - b);
      values = [];
      const n = sorted.length;
      return {
        n,
        p99Ms: n ? sorted[Math.min(n - 1, Math.floor(n * 0.99))] : 0,
        maxMs: n ? sorted[n - 1] : 0,
        sumMs: sorted.reduce((a, b) => a + b, 0),
      };
    },
  };
}

/** The HTTP answer whose work runs now: its route and the statements it sent so far. */
const routeOfWork = new AsyncLocalStorage();
/** Statements sent outside any HTTP answer (socket events, processors, jobs). */
const outside = { statements: 0 };
/** Per route (method and path, ids left out): answers, their statements and milliseconds. */
const routes = new Map();
const outsideTexts = new Map();

function routeKey(method, url) {
  const path = (url ?? '').split('?')[0].replace(/\/[0-9a-f-]{8,}|\/\d+/gi, '/:id');
  return `${method} ${path}`;
}

/** Times every pool checkout and statement of the `pg` the server loads (the same module instance). */
function watchPostgres(poolWaits, statements) {
  let pg;
  try {
    pg = createRequire(pathToFileURL(process.argv[1] ?? `${process.cwd()}/`).href)('pg');
  } catch {
    return; // a server without the pg driver (PGlite only)
  }
  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function timedConnect(callback) {
    const started = performance.now();
    if (typeof callback === 'function') {
      return connect.call(this, (error, client, release) => {
        poolWaits.add(performance.now() - started);
        callback(error, client, release);
      });
    }
    return connect.call(this).then((client) => {
      poolWaits.add(performance.now() - started);
      return client;
    });
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function timedQuery(...args) {
    const started = performance.now();
    const route = routeOfWork.getStore();
    if (route) route.statements += 1;
    else {
      outside.statements += 1;
      const text = String(typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? args[0]?.name)).slice(0, 600);
      outsideTexts.set(text, (outsideTexts.get(text) ?? 0) + 1);
    }
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = (...results) => {
        statements.add(performance.now() - started);
        callback(...results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result && typeof result.then === 'function') {
      result.then(
        () => statements.add(performance.now() - started),
        () => {},
      );
    }
    return result;
  };
}

const file = process.env.BENCH_EVENT_LOOP_FILE;
if (file) {
  const loop = watchLoop();
  let gcMs = 0;
  let gcLongestMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcLongestMs = Math.max(gcLongestMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });

  const answers = durations();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function timedEmit(event, request, response) {
    if (event === 'request') {
      const started = performance.now();
      const work = { key: routeKey(request.method, request.url), statements: 0 };
      response.once('finish', () => {
        const ms = performance.now() - started;
        answers.add(ms);
        const total = routes.get(work.key) ?? { answers: 0, statements: 0, ms: 0 };
        total.answers += 1;
        total.statements += work.statements;
        total.ms += ms;
        routes.set(work.key, total);
      });
      return routeOfWork.run(work, () => emit.apply(this, arguments));
    }
    return emit.apply(this, arguments);
  };
  const poolWaits = durations();
  const statements = durations();
  watchPostgres(poolWaits, statements);

  setInterval(() => {
    const second = {
      at: Date.now(),
      ...loop.take(),
      gcMs,
      gcLongestMs,
      http: answers.take(),
      poolWait: poolWaits.take(),
      statement: statements.take(),
    };
    fs.appendFileSync(file, `${JSON.stringify(second)}\n`);
    fs.writeFileSync(
      `${file}.statements.json`,
      JSON.stringify({ outside, routes: Object.fromEntries(routes), outsideTexts: Object.fromEntries(outsideTexts) }),
    );
    gcMs = 0;
    gcLongestMs = 0;
  }, 1000).unref();
}
