import { z } from 'zod';
import { issueKey } from './errors.ts';

// Every schema without a message of its own answers with a message key (see issueKey).
z.config({ customError: (issue) => issueKey(issue) });

export * from './errors.ts';
export * from './text.ts';
export * from './dates.ts';
export * from './input-safety.ts';
export * from './urls.ts';
export * from './group.ts';
export * from './group-membership.ts';
export * from './group-admin.ts';
export * from './group-invite.ts';
export * from './ids.ts';
export * from './locales.ts';
export * from './member.ts';
export * from './network.ts';
export * from './session.ts';
export * from './directory.ts';
export * from './profile-fields.ts';
export * from './legal.ts';
export * from './mail.ts';
export * from './messages.ts';
export * from './notification.ts';
export * from './theme.ts';
export * from './unreads.ts';
export * from './userbar.ts';
export * from './storage.ts';
export * from './rich-text.ts';
export * from './calendar.ts';
export * from './appointment.ts';
export * from './recurrence.ts';
export * from './participation.ts';
export * from './chat.ts';
export * from './audit-log.ts';
export * from './maps.ts';
