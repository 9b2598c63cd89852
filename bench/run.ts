// npm run bench [-- --members 10000 --duration 10 --warmup 1 --only "members,unreads" --file-mb 200]
// (root script; builds the server first). --only keeps the scenarios whose names contain one of
// the comma-separated words, and always the baseline the others are compared with; the word
// "storage" selects the storage group (storage.ts: a large file up and down, thumbnails), the
// word "calendars" the calendars group (calendars.ts: the month sheet of a large calendar
// network on the main run's server and on the machine's PostgreSQL, the recurrence rate, an ICS
// feed), the word "participation"
// the participation group (participation.ts: adding a group of 5,000, the invites inbox with
// 100,000 invites), the word "chat" the chat group (chat.ts: 1,000 Socket.IO clients in 200 group
// chats sending steadily, against a bare Socket.IO echo server, one member flooding a chat while
// the others chat, then on PostgreSQL with Redis in one and two server processes;
// --chat-clients, --chat-size, --chat-interval in ms), the word
// "events" the events group (events.ts: what recording a domain event adds to a write, and
// events handled per second; --event-writes, --events); the word "directory" the member list of
// the directory with filters and with searches, on the main server, then on PostgreSQL (directory.ts);
// the word "join" the join group (group-join.ts: 5,000 members ask to join a moderated group and
// its admin accepts each, on PGlite and PostgreSQL; --join-members); the word "invite" the
// invitation group (invites.ts: a CSV of 5,000 people invited by e-mail, until every mail is
// queued, and the server's memory meanwhile; --invite-rows); the word "messages" the messages
// group (messages.ts: an inbox of 50,000 messages, page 1 and page 500, and a message to a group
// of 5,000 until every member holds it; --message-inbox, --message-group); the word "sign-in" (or
// "two-factor") the sign-in group (sign-in.ts: with the password, and with password and an
// authenticator code, p50 and p99, argon2-bound); the word "activities"
// the activities group (activities.ts: a network of 1,000,000 activities, a member's stream, its
// first page and a page far back, and posting; --activities, --activities-pglite); the word "files"
// the files group (files.ts: a folder of 1,000 files listed, moved at once, and a 2 GB folder
// zipped with the memory growth; BENCH_FILES_POSTGRES=0 for PGlite alone); the word "search" the
// search group (search.ts: 1,000,000 documents in the search index, kept between runs in the
// PostgreSQL database agora_bench_search, 200 queries by members of different rights, p50 and p99
// of the overview and of a module's pages, and the indexing throughput; then PGlite with a smaller
// world; --search-documents, --search-pglite); the word "capacity"
// the capacity
// group (capacity.ts: simulated members added while the server stays healthy, on the embedded
// default and PostgreSQL with Redis; --capacity-seconds per engine, --capacity-max,
// --capacity-engines embedded,postgres); the word "web" the web group (web.ts: the built web app's
// initial JavaScript and largest chunks, and cold loads of the month sheet in Chromium with
// Lighthouse's metrics and score; needs `npm run build` first); `--only web` skips the large network.
// Results: bench/results/latest.json, a copy named by date and commit, and a summary of the
// figures in bench/results/summaries/<commit>.json, kept in git so that a later commit compares
// with it: npm run bench:compare -- <old.json> <new.json> (results.ts, compare.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { largeEmail, seedLargeInto } from '@agora/server/bench-support';
import { formatCalendarsReport, type CalendarsFigures } from './calendars-report.ts';
import { formatCapacityReport, runCapacityBench, type CapacityFigures } from './capacity.ts';
import { runCalendarsBench } from './calendars.ts';
import { formatChatReport, runChatBench, type ChatFigures } from './chat.ts';
import { formatDirectoryReport, runDirectoryBench, type DirectoryFigures } from './directory.ts';
import { formatEventsReport, runEventsBench, type EventsReport } from './events.ts';
import { formatJoinReport, runGroupJoinBench, type JoinFigures } from './group-join.ts';
import { formatInviteReport, runInviteBench, type InviteFigures } from './invites.ts';
import { formatMessagesReport, runMessagesBench, type MessagesReport } from './messages.ts';
import { formatSignInReport, runSignInBench, type SignInReport } from './sign-in.ts';
import { formatActivitiesReport, runActivitiesBench, type ActivitiesReport } from './activities.ts';
import { formatFilesReport, runFilesBench, type FilesReport } from './files.ts';
import { formatSearchReport, runSearchBench, type SearchReport } from './search.ts';
import { formatParticipationReport, runParticipationBench, type ParticipationFigures } from './participation.ts';
import { formatReport, writeJson, type Conditions, type ScenarioResult } from './report.ts';
import { keepResults } from './results.ts';
import { formatRequestReport, isRequestWord, runRequestBench, type RequestFigures } from './request.ts';
import { scenarios, type Scenario, type ScenarioContext } from './scenarios.ts';
import { formatWebReport, runWebBench, type WebFigures } from './web.ts';
import { startServer, type RunningServer } from './server.ts';
import { formatStorageReport, runStorageBench, type StorageFigures } from './storage.ts';

const PASSWORD = 'bench-password';
const RESULTS_FILE = fileURLToPath(new URL('results/latest.json', import.meta.url));

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: process.env.BENCH_MEMBERS ?? '10000' },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
    warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '1' },
    only: { type: 'string', default: process.env.BENCH_ONLY ?? '' },
    'file-mb': { type: 'string', default: process.env.BENCH_FILE_MB ?? '200' },
    images: { type: 'string', default: process.env.BENCH_IMAGES ?? '48' },
    'chat-clients': { type: 'string', default: process.env.BENCH_CHAT_CLIENTS ?? '1000' },
    'chat-size': { type: 'string', default: process.env.BENCH_CHAT_SIZE ?? '5' },
    'chat-interval': { type: 'string', default: process.env.BENCH_CHAT_INTERVAL ?? '4000' },
    'event-writes': { type: 'string', default: process.env.BENCH_EVENT_WRITES ?? '2000' },
    events: { type: 'string', default: process.env.BENCH_EVENTS ?? '5000' },
    'join-members': { type: 'string', default: process.env.BENCH_JOIN_MEMBERS ?? '5000' },
    'invite-rows': { type: 'string', default: process.env.BENCH_INVITE_ROWS ?? '5000' },
    'message-inbox': { type: 'string', default: process.env.BENCH_MESSAGE_INBOX ?? '50000' },
    'message-group': { type: 'string', default: process.env.BENCH_MESSAGE_GROUP ?? '5000' },
    activities: { type: 'string', default: process.env.BENCH_ACTIVITIES ?? '1000000' },
    'activities-pglite': { type: 'string', default: process.env.BENCH_ACTIVITIES_PGLITE ?? '200000' },
    'search-documents': { type: 'string', default: process.env.BENCH_SEARCH_DOCUMENTS ?? '1000000' },
    'search-pglite': { type: 'string', default: process.env.BENCH_SEARCH_PGLITE ?? '100000' },
    'capacity-seconds': { type: 'string', default: process.env.BENCH_CAPACITY_SECONDS ?? '240' },
    'capacity-max': { type: 'string', default: process.env.BENCH_CAPACITY_MAX ?? '1500' },
    'capacity-engines': { type: 'string', default: process.env.BENCH_CAPACITY_ENGINES ?? 'embedded,postgres' },
  },
});
const members = wholeNumber('--members', values.members, 20);
const duration = wholeNumber('--duration', values.duration, 1);
const warmup = wholeNumber('--warmup', values.warmup, 0);
const fileMegabytes = wholeNumber('--file-mb', values['file-mb'], 1);
const imageCount = wholeNumber('--images', values.images, 1);
const chatSize = wholeNumber('--chat-size', values['chat-size'], 2);
const chatClients = wholeNumber('--chat-clients', values['chat-clients'], chatSize);
const chatIntervalMs = wholeNumber('--chat-interval', values['chat-interval'], 1);
const eventWrites = wholeNumber('--event-writes', values['event-writes'], 10);
const eventCount = wholeNumber('--events', values.events, 10);
const joinMembers = wholeNumber('--join-members', values['join-members'], 10);
const joinSelected = values.only.trim() === '' || values.only.split(',').some((w) => isJoinWord(w));
const inviteRows = wholeNumber('--invite-rows', values['invite-rows'], 1);
const inviteSelected = values.only.trim() === '' || values.only.split(',').some((w) => isInviteWord(w));
const messageInbox = wholeNumber('--message-inbox', values['message-inbox'], 5000);
const messageGroup = wholeNumber('--message-group', values['message-group'], 1);
const messagesSelected = values.only.trim() === '' || values.only.split(',').some((w) => isMessagesWord(w));
const signInSelected = values.only.trim() === '' || values.only.split(',').some((w) => isSignInWord(w));
const activityCount = wholeNumber('--activities', values.activities, 1000);
const pgliteActivityCount = wholeNumber('--activities-pglite', values['activities-pglite'], 1000);
const activitiesSelected = values.only.trim() === '' || values.only.split(',').some((w) => isActivitiesWord(w));
const searchDocuments = wholeNumber('--search-documents', values['search-documents'], 20000);
const pgliteSearchDocuments = wholeNumber('--search-pglite', values['search-pglite'], 20000);
const searchSelected = values.only.trim() === '' || values.only.split(',').some((w) => isSearchWord(w));
const filesSelected = values.only.trim() === '' || values.only.split(',').some((w) => isFilesWord(w));
const requestSelected = values.only.trim() === '' || values.only.split(',').some((w) => isRequestWord(w));
const capacitySeconds = wholeNumber('--capacity-seconds', values['capacity-seconds'], 10);
const capacityMax = wholeNumber('--capacity-max', values['capacity-max'], 10);
const capacitySelected = values.only.trim() === '' || values.only.split(',').some((w) => isCapacityWord(w));
const onlyWords = values.only.split(',').filter((w) => w.trim() !== '');
const webSelected = onlyWords.length === 0 || onlyWords.some((w) => isWebWord(w));
const onlyWeb = onlyWords.length > 0 && onlyWords.every((w) => isWebWord(w));
const { selected, storageSelected, calendarsSelected, participationSelected, chatSelected, eventsSelected } =
  selectScenarios(values.only);

let dataDir: string | undefined;
let server: RunningServer | undefined;
let cleaning: Promise<void> | undefined;

/** Stops the server and deletes the data directory; safe to call more than once. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and removing ${dataDir ?? 'nothing'}`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// Last resort when something exits without waiting for cleanUp().
process.once('exit', () => {
  server?.kill();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

let exitCode = 1;
const loadAverage = os.loadavg()[0] ?? 0;
try {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-bench-'));
  // First, on a server of its own with the demo network: the large network is not needed.
  let web: WebFigures | null = null;
  if (webSelected) {
    web = await runWebBench({ scratchDir: dataDir });
    console.log(`  web: done${web.failure ? `, FAILED: ${web.failure}` : ''}`);
  }
  if (onlyWeb && web) {
    console.log('\n' + formatWebReport(web));
    await cleanUp();
    process.exit(web.failure ? 1 : 0);
  }
  let started = Date.now();
  const seeded = await seedLargeInto(dataDir, {
    members,
    password: PASSWORD,
    calendars: calendarsSelected,
    participation: participationSelected,
    ...(chatSelected ? { chat: { chats: Math.floor(chatClients / chatSize), size: chatSize } } : {}),
  });
  const calendarsSeeded = seeded.calendars
    ? `, ${seeded.calendars.calendarIds.length} calendars with ${seeded.calendars.singles + seeded.calendars.series} appointments`
    : '';
  console.log(
    `Seeded ${seeded.members} members and ${seeded.groups} groups${calendarsSeeded} in ${seconds(started)} s.`,
  );

  started = Date.now();
  server = await startServer(dataDir);
  console.log(`Server up at ${server.url} in ${seconds(started)} s.`);

  const session = await signIn(server.url, largeEmail(1));
  const context: ScenarioContext = {
    cookie: session.cookie,
    // Normal members only: every 50th member (index 49, 99, ...) is external.
    signInEmails: Array.from({ length: 8 }, (_, k) => largeEmail(k + 1)),
    password: PASSWORD,
  };

  const results: ScenarioResult[] = [];
  let baseline: number | undefined;
  for (const scenario of selected) {
    if (warmup > 0) await measure(server.url, scenario, context, warmup);
    const result = await measure(server.url, scenario, context, duration);
    const rps = result.requests.average;
    if (scenario.baseline) baseline = rps;
    const failure = failureOf(result);
    results.push({
      name: scenario.name,
      connections: scenario.connections,
      requests: result.requests.total,
      requestsPerSecond: rps,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      ratioToBaseline: baseline ? rps / baseline : Number.NaN,
      non2xx: result.non2xx,
      errors: result.errors,
      failure,
    });
    console.log(`  ${scenario.name}: ${rps.toFixed(1)} req/s${failure ? `, FAILED: ${failure}` : ''}`);
    if (failure) console.error(`Server output:\n${server.output()}`);
  }

  let storage: StorageFigures | null = null;
  if (storageSelected) {
    storage = await runStorageBench({
      url: server.url,
      cookie: session.cookie,
      csrf: session.csrf,
      pid: server.pid,
      scratchDir: dataDir,
      megabytes: fileMegabytes,
      images: imageCount,
      duration,
    });
    console.log(`  storage: done${storage.failure ? `, FAILED: ${storage.failure}` : ''}`);
    if (storage.failure) console.error(`Server output:\n${server.output()}`);
  }

  let calendars: CalendarsFigures | null = null;
  if (calendarsSelected && seeded.calendars) {
    calendars = await runCalendarsBench({
      server,
      session,
      calendars: seeded.calendars,
      healthzPerSecond: baseline ?? null,
      duration,
      warmup,
      members,
      password: PASSWORD,
      viewerEmail: largeEmail(1),
      scratchDir: dataDir,
      signIn,
    });
    console.log(`  calendars: done${calendars.failure ? `, FAILED: ${calendars.failure}` : ''}`);
    if (calendars.failure) console.error(`Server output:\n${server.output()}`);
  }

  let participation: ParticipationFigures | null = null;
  if (participationSelected && seeded.participation) {
    participation = await runParticipationBench({
      url: server.url,
      admin: await signIn(server.url, largeEmail(0)),
      viewer: session,
      seeded: seeded.participation,
      duration,
      warmup,
    });
    console.log(`  participation: done${participation.failure ? `, FAILED: ${participation.failure}` : ''}`);
    if (participation.failure) console.error(`Server output:\n${server.output()}`);
  }

  let chat: ChatFigures | null = null;
  if (chatSelected && seeded.chat) {
    chat = await runChatBench({
      server,
      chats: seeded.chat,
      intervalMs: chatIntervalMs,
      duration,
      warmup,
      password: PASSWORD,
      scratchDir: dataDir,
      largeEmail,
      signIn,
    });
    console.log(`  chat: done${chat.failure ? `, FAILED: ${chat.failure}` : ''}`);
    if (chat.failure) console.error(`Server output:\n${server.output()}`);
  }

  // The directory's scenarios ran on the embedded default above; the same on PostgreSQL beside them.
  let directory: DirectoryFigures | null = null;
  const directoryRows = results.filter((r) => r.name.startsWith('GET /directory/members'));
  if (directoryRows.length > 0) {
    directory = await runDirectoryBench({
      pglite: directoryRows.map((r) => ({
        database: server!.database(),
        scenario: r.name,
        connections: r.connections,
        requestsPerSecond: r.requestsPerSecond,
        latencyP50Ms: r.latencyP50Ms,
        latencyP99Ms: r.latencyP99Ms,
      })),
      members,
      password: PASSWORD,
      viewerEmail: largeEmail(1),
      scratchDir: dataDir,
      duration,
      warmup,
      signIn,
    });
    console.log(`  directory: done${directory.failure ? `, FAILED: ${directory.failure}` : ''}`);
  }

  let join: JoinFigures | null = null;
  if (joinSelected) {
    join = await runGroupJoinBench({ scratchDir: dataDir, members: joinMembers });
    console.log(`  join: done${join.runs.some((r) => r.failure) ? ', FAILED' : ''}`);
  }

  let invites: InviteFigures | null = null;
  if (inviteSelected) {
    invites = await runInviteBench({ rows: inviteRows });
    console.log(`  invites: done${invites.failure ? `, FAILED: ${invites.failure}` : ''}`);
  }

  let messages: MessagesReport | null = null;
  if (messagesSelected) {
    messages = await runMessagesBench({ inbox: messageInbox, groupSize: messageGroup, requests: 300 });
    console.log(`  messages: done${messages.failure ? `, FAILED: ${messages.failure}` : ''}`);
  }

  let signInReport: SignInReport | null = null;
  if (signInSelected) {
    signInReport = await runSignInBench({ requests: 50 });
    console.log(`  sign-in: done${signInReport.failure ? `, FAILED: ${signInReport.failure}` : ''}`);
  }

  let activities: ActivitiesReport | null = null;
  if (activitiesSelected) {
    activities = await runActivitiesBench({
      activities: activityCount,
      pgliteActivities: pgliteActivityCount,
      requests: 300,
      posts: 300,
    });
    console.log(`  activities: done${activities.failure ? `, FAILED: ${activities.failure}` : ''}`);
  }

  let files: FilesReport | null = null;
  if (filesSelected) {
    files = await runFilesBench({
      files: 1000,
      requests: 300,
      zipFiles: 20,
      zipFileMb: 100,
      postgres: process.env.BENCH_FILES_POSTGRES !== '0',
    });
    console.log(`  files: done${files.failure ? `, FAILED: ${files.failure}` : ''}`);
  }

  let search: SearchReport | null = null;
  if (searchSelected) {
    search = await runSearchBench({
      documents: searchDocuments,
      pgliteDocuments: pgliteSearchDocuments,
      indexing: 50_000,
    });
    console.log(`  search: done${search.failure ? `, FAILED: ${search.failure}` : ''}`);
  }

  let capacity: CapacityFigures | null = null;
  if (capacitySelected) {
    capacity = await runCapacityBench({
      members,
      maxMembers: capacityMax,
      seconds: capacitySeconds,
      engines: values['capacity-engines'].split(',').map((e) => e.trim()),
      password: PASSWORD,
      scratchDir: dataDir,
    });
    console.log(`  capacity: done${capacity.runs.some((r) => r.failure) ? ', FAILED' : ''}`);
  }

  let events: EventsReport | null = null;
  if (eventsSelected) {
    events = await runEventsBench({ writes: eventWrites, events: eventCount });
    console.log(`  events: done${events.failure ? `, FAILED: ${events.failure}` : ''}`);
  }

  const conditions: Conditions = {
    members: seeded.members,
    connections: Object.fromEntries(selected.map((s) => [s.name, s.connections])),
    durationSeconds: duration,
    warmupSeconds: warmup,
    node: process.version,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    database: server.database(),
    loadAverage,
  };
  console.log('\n' + formatReport(conditions, results));
  if (storage) console.log('\n' + formatStorageReport(storage));
  // The session and network scenarios again, on PostgreSQL with Redis (a server of its own).
  let request: RequestFigures | null = null;
  if (requestSelected) {
    request = await runRequestBench({
      members,
      password: PASSWORD,
      memberEmail: largeEmail(1),
      duration,
      warmup,
      scratchDir: dataDir,
      signIn,
    });
  }
  if (calendars) console.log('\n' + formatCalendarsReport(calendars));
  if (participation) console.log('\n' + formatParticipationReport(participation));
  if (chat) console.log('\n' + formatChatReport(chat));
  if (directory) console.log('\n' + formatDirectoryReport(directory));
  if (events) console.log('\n' + formatEventsReport(events));
  if (join) console.log('\n' + formatJoinReport(join));
  if (invites) console.log('\n' + formatInviteReport(invites));
  if (messages) console.log('\n' + formatMessagesReport(messages));
  if (signInReport) console.log('\n' + formatSignInReport(signInReport));
  if (activities) console.log('\n' + formatActivitiesReport(activities));
  if (files) console.log('\n' + formatFilesReport(files));
  if (search) console.log('\n' + formatSearchReport(search));
  if (request) console.log('\n' + formatRequestReport(request));
  if (capacity) console.log('\n' + formatCapacityReport(capacity));
  if (web) console.log('\n' + formatWebReport(web));
  writeJson(RESULTS_FILE, conditions, results, storage, calendars, participation, chat);
  const kept = keepResults(RESULTS_FILE, { directory, events, join, invites, capacity, search });
  console.log(`\nWritten to ${[RESULTS_FILE, ...kept].map((f) => path.relative(process.cwd(), f)).join(', ')}`);
  const failed = [
    ...results.filter((r) => r.failure).map((r) => r.name),
    ...(storage?.failure ? ['storage'] : []),
    ...(calendars?.failure ? ['calendars'] : []),
    ...(participation?.failure ? ['participation'] : []),
    ...(chat?.failure ? ['chat'] : []),
    ...(directory?.failure ? ['directory'] : []),
    ...(events?.failure ? ['events'] : []),
    ...(join?.runs.some((r) => r.failure) ? ['join'] : []),
    ...(invites?.failure ? ['invites'] : []),
    ...(messages?.failure ? ['messages'] : []),
    ...(signInReport?.failure ? ['sign-in'] : []),
    ...(activities?.failure ? ['activities'] : []),
    ...(files?.failure ? ['files'] : []),
    ...(search?.failure ? ['search'] : []),
    ...(capacity?.runs.some((r) => r.failure) ? ['capacity'] : []),
    ...(web?.failure ? ['web'] : []),
    ...(request?.failure ? ['request'] : []),
  ];
  if (failed.length) console.error(`\n${failed.length} scenario(s) failed: ${failed.join(', ')}`);
  exitCode = failed.length ? 1 : 0;
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(exitCode);

/** Whether a word of --only names the invitation group. */
function isInviteWord(word: string): boolean {
  const w = word.trim().toLowerCase();
  return w !== '' && ('invites'.includes(w) || w.startsWith('invite'));
}

/** Whether a word of --only names the files group. */
function isFilesWord(word: string): boolean {
  const w = word.trim().toLowerCase();
  return w.length >= 3 && 'files'.startsWith(w);
}

/** Whether a word of --only names the messages group. */
function isMessagesWord(word: string): boolean {
  const w = word.trim().toLowerCase();
  return w.length >= 3 && 'messages'.startsWith(w);
}

/** Whether a word of --only names the sign-in group (not the `POST /users/sign_in` scenario's "sign_in"). */
function isSignInWord(word: string): boolean {
  const w = word.trim().toLowerCase();
  return w === 'sign-in' || w === 'two-factor';
}

/** Whether a word of --only names the search group. */
function isSearchWord(word: string): boolean {
  const w = word.trim().toLowerCase();
  return w.length >= 4 && 'search'.startsWith(w);
}

/** Whether a word of --only names the activities group. */
function isActivitiesWord(word: string): boolean {
  const w = word.trim().toLowerCase();
  return w.length >= 3 && 'activities'.startsWith(w);
}

/** Whether a word of --only names the capacity group. */
function isCapacityWord(word: string): boolean {
  const w = word.trim().toLowerCase();
  return w !== '' && 'capacity'.includes(w);
}

/** Whether a word of --only names the web group. */
function isWebWord(word: string): boolean {
  const w = word.trim().toLowerCase();
  return w.length >= 2 && 'web'.includes(w);
}

/** Whether a word of --only names the join group. */
function isJoinWord(word: string): boolean {
  const w = word.trim().toLowerCase();
  return w !== '' && 'join'.includes(w);
}

function selectScenarios(only: string): {
  selected: Scenario[];
  storageSelected: boolean;
  calendarsSelected: boolean;
  participationSelected: boolean;
  chatSelected: boolean;
  eventsSelected: boolean;
} {
  const words = only
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 0)
    return {
      selected: scenarios,
      storageSelected: true,
      calendarsSelected: true,
      participationSelected: true,
      chatSelected: true,
      eventsSelected: true,
    };
  // "search" names the search group, not the directory's scenario of that name ("(search)" does).
  const chosen = scenarios.filter(
    (s) => s.baseline || words.some((w) => !isSearchWord(w) && s.name.toLowerCase().includes(w)),
  );
  const storageSelected = words.some((w) => 'storage'.includes(w));
  const calendarsSelected = words.some((w) => 'calendars'.includes(w));
  const participationSelected = words.some((w) => 'participation'.includes(w));
  const chatSelected = words.some((w) => 'chat'.includes(w));
  const eventsSelected = words.some((w) => 'events'.includes(w));
  if (
    chosen.every((s) => s.baseline) &&
    !storageSelected &&
    !calendarsSelected &&
    !participationSelected &&
    !chatSelected &&
    !eventsSelected &&
    !words.some(isJoinWord) &&
    !words.some(isCapacityWord) &&
    !words.some(isInviteWord) &&
    !words.some(isMessagesWord) &&
    !words.some(isSignInWord) &&
    !words.some(isActivitiesWord) &&
    !words.some(isFilesWord) &&
    !words.some(isSearchWord) &&
    !words.some(isRequestWord) &&
    !words.some(isWebWord)
  ) {
    const names = [...scenarios.map((s) => s.name), 'storage', 'calendars', 'participation', 'chat', 'events'];
    console.error(`--only "${only}" matches no scenario: ${names.join(', ')}`);
    process.exit(2);
  }
  return { selected: chosen, storageSelected, calendarsSelected, participationSelected, chatSelected, eventsSelected };
}

function measure(url: string, scenario: Scenario, ctx: ScenarioContext, durationSeconds: number) {
  const headers = scenario.headers?.(ctx);
  const bodies = scenario.bodies?.(ctx);
  const paths = scenario.paths?.(ctx);
  return autocannon({
    url: url + scenario.path,
    method: scenario.method,
    headers,
    connections: scenario.connections,
    duration: durationSeconds,
    ...(bodies
      ? { requests: bodies.map((body) => ({ method: scenario.method, path: scenario.path, headers, body })) }
      : {}),
    ...(paths ? { requests: paths.map((path) => ({ method: scenario.method, path, headers })) } : {}),
  });
}

function failureOf(result: autocannon.Result): string | null {
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stat]) => `${stat.count ?? 0} x ${code}`);
    return `${result.non2xx} non-2xx answers (${codes.join(', ')})`;
  }
  if (result.errors > 0) return `${result.errors} connection errors (${result.timeouts} timeouts)`;
  if (result['2xx'] === 0) return 'no answers';
  return null;
}

async function signIn(url: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${url}/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ user: { email, password: PASSWORD } }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { csrf_token?: unknown };
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('agora_session='));
  if (typeof body.csrf_token !== 'string' || !cookie) throw new Error(`Signing in as ${email} gave no session`);
  return { cookie, csrf: body.csrf_token };
}

function wholeNumber(flag: string, text: string, min: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) {
    console.error(`${flag} takes a whole number of at least ${min}, not "${text}"`);
    process.exit(2);
  }
  return n;
}

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}
