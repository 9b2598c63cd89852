/**
 * The domain events of activity streams; processors (notifications, live events, unread
 * pushes) and the audit log read them. `changes.stream_ids` are the streams the activity is in
 * (network stream ids and group ids), `group_ids` the groups among them.
 */
export const ACTIVITY_EVENTS = {
  created: 'activity.created',
  updated: 'activity.updated',
  destroyed: 'activity.destroyed',
  liked: 'activity.liked',
  unliked: 'activity.unliked',
  replyCreated: 'activity_reply.created',
  replyUpdated: 'activity_reply.updated',
  replyDestroyed: 'activity_reply.destroyed',
  replyLiked: 'activity_reply.liked',
  replyUnliked: 'activity_reply.unliked',
  streamRead: 'activitystream.read',
  streamSubscribed: 'activitystream.subscribed',
  streamUnsubscribed: 'activitystream.unsubscribed',
} as const;

/** The storage owner types of uploads of activities and of their replies. */
export const ACTIVITY_OWNER = 'activity';
export const ACTIVITY_REPLY_OWNER = 'activity_reply';
