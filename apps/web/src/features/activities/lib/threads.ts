import type { ActivityReply } from '@agora/contracts';

/** A reply as the list shows it: under the reply it answers (one level in), or at the top. */
export type ThreadedReply = { reply: ActivityReply; nested: boolean };

/**
 * Orders replies (oldest first) into threads: each top-level reply followed by the replies to
 * it and to them, in the order written. Deeper answers are shown one level in too, so that a
 * thread stays readable on a phone. A reply whose parent is not loaded stands at the top level.
 */
export function threadReplies(replies: ActivityReply[]): ThreadedReply[] {
  const loaded = new Set(replies.map((r) => r.id));
  const children = new Map<string, ActivityReply[]>();
  const roots: ActivityReply[] = [];
  for (const reply of replies) {
    if (reply.reply_id && reply.reply_id !== reply.id && loaded.has(reply.reply_id)) {
      children.set(reply.reply_id, [...(children.get(reply.reply_id) ?? []), reply]);
    } else {
      roots.push(reply);
    }
  }
  const result: ThreadedReply[] = [];
  const seen = new Set<string>();
  const descend = (id: string) => {
    for (const child of children.get(id) ?? []) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      result.push({ reply: child, nested: true });
      descend(child.id);
    }
  };
  for (const root of roots) {
    seen.add(root.id);
    result.push({ reply: root, nested: false });
    descend(root.id);
  }
  // A cycle (never written by the server) would leave replies out: show them rather than lose them.
  for (const reply of replies) if (!seen.has(reply.id)) result.push({ reply, nested: false });
  return result;
}
