import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  EXTERNAL_INVITE_LIMITS,
  type ExternalInviteResult,
  type ExternalInviteRowFailure,
  type ExternalInviteUserType,
} from '@agora/contracts';
import { localeFor, translator } from '../../platform/i18n/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { CsvPerson } from './csv.ts';
import type { ExternalInvitesDeps } from './deps.ts';
import { EXTERNAL_INVITE_EVENTS } from './events.ts';
import type { ExternalInvitesRepository, NewExternalInviteRow } from './repository.ts';
import type { InviteTarget, Targets } from './targets.ts';

/** What every invitation of a request shares. */
export type InviteChoices = {
  subject: string;
  body: string;
  user_type: ExternalInviteUserType;
  group_ids: string[];
  channel_ids: string[];
};

/** Invites of one event: the mail processor handles them together, in its own transaction. */
const EVENT_CHUNK = 500;

const emailFormat = z.string().max(EXTERNAL_INVITE_LIMITS.email).email();

/** A random token for the mailed link, and what is stored of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Which people are invited and which rows are left out, and why (in the order of the file). */
async function sortOut(
  deps: ExternalInvitesDeps,
  repository: ExternalInvitesRepository,
  networkId: string,
  people: CsvPerson[],
): Promise<{ fresh: CsvPerson[]; errors: ExternalInviteRowFailure[] }> {
  const errors: ExternalInviteRowFailure[] = [];
  const seen = new Set<string>();
  const wellFormed: CsvPerson[] = [];
  for (const person of people) {
    const email = person.email.trim().toLowerCase();
    if (!email) errors.push({ row: person.row, email: '', error: 'missing_email' });
    else if (!emailFormat.safeParse(email).success) errors.push({ row: person.row, email, error: 'invalid_email' });
    else if (seen.has(email)) errors.push({ row: person.row, email, error: 'duplicate' });
    else {
      seen.add(email);
      wellFormed.push({ ...person, email });
    }
  }
  const emails = wellFormed.map((p) => p.email);
  const [members, invited] = await Promise.all([
    deps.accounts.memberAddresses(networkId, emails),
    repository.openAddresses(networkId, emails),
  ]);
  const fresh: CsvPerson[] = [];
  for (const person of wellFormed) {
    if (members.has(person.email)) errors.push({ row: person.row, email: person.email, error: 'taken' });
    else if (invited.has(person.email)) errors.push({ row: person.row, email: person.email, error: 'already_invited' });
    else fresh.push(person);
  }
  errors.sort((a, b) => a.row - b.row);
  return { fresh, errors };
}

export function createInviting(deps: ExternalInvitesDeps, repository: ExternalInvitesRepository, targets: Targets) {
  /** The answer's sentence in the network's language. */
  function messageFor(language: string | undefined, invited: number, left: number): string {
    const t = translator(localeFor(null, language));
    const sent = invited > 0 ? t('invitations:sent', { count: invited }) : t('invitations:none_sent');
    return left > 0 ? `${sent} ${t('invitations:with_errors', { count: left })}` : sent;
  }

  /**
   * Invites people by e-mail (one from the form or the rows of an upload): checks the context
   * and choices, leaves out bad, doubled, member and already invited addresses, writes the rest
   * in chunks in one transaction with one `external_invite.created` per chunk; the mails follow
   * from a processor.
   */
  async function invitePeople(
    actor: Actor,
    target: InviteTarget,
    people: CsvPerson[],
    choices: InviteChoices,
    // The demo's invitations are not mailed (its seed runs before the mail queue exists).
    options: { sendEmail?: boolean } = {},
  ): Promise<ExternalInviteResult & { ids: string[] }> {
    // Read before the write: on the embedded database the mail processors queue right after it.
    const network = await deps.networks.get(actor.networkId);
    const resolved = await targets.resolve(actor, target);
    targets.checkChoices(resolved, choices.user_type, choices.channel_ids);
    const groupIds = await targets.groupIdsFor(actor, resolved, choices.group_ids);
    const { fresh, errors } = await sortOut(deps, repository, actor.networkId, people);
    const rows: NewExternalInviteRow[] = fresh.map((p) => ({
      networkId: actor.networkId,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      subject: choices.subject,
      body: choices.body,
      userType: choices.user_type,
      groupIds,
      channelIds: [],
      contextType: resolved.contextType,
      contextId: resolved.contextId,
      authorId: actor.membershipId,
      // The mail processor issues the link's token; until then nothing opens the invite.
      tokenHash: newToken().hash,
    }));
    const ids = await deps.events.transaction(async (tx) => {
      const written = await repository.insertMany(rows, tx);
      for (let i = 0; i < written.length; i += EVENT_CHUNK) {
        const chunk = written.slice(i, i + EVENT_CHUNK);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: EXTERNAL_INVITE_EVENTS.created,
          actorId: actor.membershipId,
          subject: { type: 'external_invite', id: chunk[0]!.id },
          context: resolved.contextId ? { type: resolved.contextType, id: resolved.contextId } : null,
          changes: {
            invite_ids: chunk.map((r) => r.id),
            count: chunk.length,
            group_ids: groupIds,
            user_type: choices.user_type,
            send_email: options.sendEmail ?? true,
          },
        });
      }
      return written.map((r) => r.id);
    });
    return {
      message: messageFor(network?.language, ids.length, errors.length),
      invited: ids.length,
      errors,
      ids,
    };
  }

  return { invitePeople };
}
