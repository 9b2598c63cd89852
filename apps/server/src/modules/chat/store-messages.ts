import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** A message of a batch as the statement takes it: its id is made before, its numbers in SQL. */
export type MessageToStore = {
  id: string;
  networkId: string;
  chatId: string;
  authorId: string;
  text: string;
  quotedMessageId: string | null;
  clientReference: string;
  fileCount: number;
  imageCount: number;
  at: Date;
};

/** What became of each message, in the batch's order: numbered and stored, or found stored before. */
export type StoredNumbers = { id: string; seq: number; revision: number; storedBefore: boolean };

type RawRow = { ord: number | string; id: string; seq: number | string; revision: number | string; before: boolean };

/**
 * The whole batch in one statement, whose text never changes (the messages come as one JSON
 * parameter): the messages stored before under their (author, client reference) are left out
 * and answered by their id; the chats of the others are locked in the order of their ids (two
 * batches locking overlapping chats never wait for each other in a circle) and read as they are
 * once locked, so the numbers follow the order of commits; each message takes the next number of
 * its chat in the batch's order; the chats' counters and last message move to their last
 * message, and each sender's read and received markers to their last message of the chat (one
 * row per chat and sender: a statement changes a row once). Done in Drizzle, the same took a
 * statement per chat and four more, each built anew per batch.
 */
const STORE = (messages: string) => sql`
  with input as (
    select * from jsonb_to_recordset(${messages}::jsonb) as m(
      ord integer, id text, network_id text, chat_id text, author_id text, text text,
      quoted_message_id text, client_reference text, file_count integer, image_count integer,
      at timestamptz)
  ),
  before as (
    select i.ord, m.id from input i
    join chat_messages m on m.author_id = i.author_id and m.client_reference = i.client_reference
      and m.client_reference is not null
  ),
  fresh as (select i.* from input i where not exists (select 1 from before b where b.ord = i.ord)),
  locked as (
    select c.id, c.last_seq, c.revision from chats c
    where c.id in (select chat_id from fresh)
    order by c.id
    for update
  ),
  numbered as (
    select f.*, l.last_seq + row_number() over w as seq, l.revision + row_number() over w as revision
    from fresh f join locked l on l.id = f.chat_id
    window w as (partition by f.chat_id order by f.ord)
  ),
  inserted as (
    insert into chat_messages (id, network_id, chat_id, seq, revision, author_id, text,
      quoted_message_id, client_reference, file_count, image_count, created_at, updated_at)
    select id, network_id, chat_id, seq, revision, author_id, text, quoted_message_id,
      client_reference, file_count, image_count, at, at
    from numbered
    returning id
  ),
  moved as (
    update chats c set last_seq = n.seq, revision = n.revision, last_message_id = n.id,
      last_interacted_at = n.at
    from (select distinct on (chat_id) * from numbered order by chat_id, ord desc) n
    where c.id = n.chat_id
  ),
  marked as (
    insert into chat_states (chat_id, membership_id, network_id, last_read_seq, last_read_id,
      last_received_seq, last_received_id)
    select distinct on (chat_id, author_id) chat_id, author_id, network_id, seq, id, seq, id
    from numbered
    order by chat_id, author_id, ord desc
    on conflict (chat_id, membership_id) do update set
      last_read_seq = greatest(chat_states.last_read_seq, excluded.last_read_seq),
      last_read_id = case when excluded.last_read_seq > chat_states.last_read_seq
        then excluded.last_read_id else chat_states.last_read_id end,
      last_received_seq = greatest(chat_states.last_received_seq, excluded.last_received_seq),
      last_received_id = case when excluded.last_received_seq > chat_states.last_received_seq
        then excluded.last_received_id else chat_states.last_received_id end
  )
  select n.ord, i.id, n.seq, n.revision, false as before
  from numbered n join inserted i on i.id = n.id
  union all
  select ord, id, 0, 0, true from before
  order by ord`;

/**
 * Stores a batch of messages in the caller's transaction (see `STORE`); answers each message's
 * numbers in the order given. Every chat must have its row.
 */
export async function storeMessages(tx: Db, messages: MessageToStore[]): Promise<StoredNumbers[]> {
  const input = JSON.stringify(
    messages.map((m, ord) => ({
      ord,
      id: m.id,
      network_id: m.networkId,
      chat_id: m.chatId,
      author_id: m.authorId,
      text: m.text,
      quoted_message_id: m.quotedMessageId,
      client_reference: m.clientReference,
      file_count: m.fileCount,
      image_count: m.imageCount,
      at: m.at.toISOString(),
    })),
  );
  const { rows } = (await tx.execute(STORE(input))) as unknown as { rows: RawRow[] };
  if (rows.length !== messages.length) throw new Error('a chat of the batch vanished');
  // Both drivers answer bigint columns as strings or numbers.
  return rows.map((row) => ({
    id: row.id,
    seq: Number(row.seq),
    revision: Number(row.revision),
    storedBefore: row.before,
  }));
}
