import { useSyncExternalStore } from 'react';
import { CHAT_TIMINGS, type ChatMemberRef } from '@agora/contracts';

/**
 * Who is typing, per chat: each `composing` push shows its member for 2 s (spec 4); a new push
 * restarts that, and a message from the member ends it at once.
 */
const typing = new Map<string, Map<string, { member: ChatMemberRef; timer: ReturnType<typeof setTimeout> }>>();
const snapshots = new Map<string, ChatMemberRef[]>();
const listeners = new Set<() => void>();
const NOBODY: ChatMemberRef[] = [];

function changed(chatId: string) {
  const members = typing.get(chatId);
  if (members && members.size > 0)
    snapshots.set(
      chatId,
      [...members.values()].map((entry) => entry.member),
    );
  else snapshots.delete(chatId);
  listeners.forEach((listener) => listener());
}

export function noteComposing(chatId: string, member: ChatMemberRef) {
  let members = typing.get(chatId);
  if (!members) {
    members = new Map();
    typing.set(chatId, members);
  }
  const known = members.get(member.id);
  if (known) clearTimeout(known.timer);
  const timer = setTimeout(() => stopComposing(chatId, member.id), CHAT_TIMINGS.composingStopMs);
  members.set(member.id, { member, timer });
  if (!known) changed(chatId);
}

export function stopComposing(chatId: string, memberId: string) {
  const members = typing.get(chatId);
  const known = members?.get(memberId);
  if (!members || !known) return;
  clearTimeout(known.timer);
  members.delete(memberId);
  if (members.size === 0) typing.delete(chatId);
  changed(chatId);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function composingMembers(chatId: string): ChatMemberRef[] {
  return snapshots.get(chatId) ?? NOBODY;
}

export function useComposingMembers(chatId: string): ChatMemberRef[] {
  return useSyncExternalStore(subscribe, () => composingMembers(chatId));
}
