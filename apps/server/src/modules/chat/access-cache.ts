import type { EventInput } from '../../platform/events/types.ts';
import {
  GROUP_ARCHIVED,
  GROUP_DESTROYED,
  GROUP_MEMBERSHIP_EVENTS,
  GROUP_UNARCHIVED,
  GROUP_UPDATED,
} from '../groups/index.ts';
import { chatGroupKey } from './access.ts';

const ofGroup = (event: EventInput) => (event.subject.type === 'group' ? [chatGroupKey(event.subject.id)] : []);

/**
 * The events that change who may write in a group's chat, or what the send path shows of the
 * group: they drop the cached writers of that group's chat (access.ts `loadForWrite`). Members
 * locked, deleted or changed drop theirs through the members module's `membership:{id}` key; the
 * network's settings are read from the networks cache on each send, not kept here.
 */
export const chatCacheInvalidations = Object.fromEntries(
  [GROUP_UPDATED, GROUP_ARCHIVED, GROUP_UNARCHIVED, GROUP_DESTROYED, ...Object.values(GROUP_MEMBERSHIP_EVENTS)].map(
    (type) => [type, ofGroup],
  ),
);
