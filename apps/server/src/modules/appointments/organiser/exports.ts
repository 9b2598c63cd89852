import { PassThrough, Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Locale } from '@agora/contracts';
import { authorize, type Actor } from '../../../platform/policy/index.ts';
import type { AccountsService } from '../../accounts/index.ts';
import type { MembershipRolesService } from '../../membership-roles/index.ts';
import type { NetworksService } from '../../networks/index.ts';
import { loadedSubject, type LoadedAppointment } from '../access.ts';
import {
  mailLocale,
  viewScope,
  type ParticipantListRow,
  type ParticipationRepository,
} from '../participation/index.ts';
import { appointmentPolicy } from '../policy.ts';
import { ORGANISER_TEXTS, type OrganiserTexts } from './messages.ts';
import type { OrganiserRepository } from './repository.ts';
import { slugify } from '../../../platform/text/slug.ts';

export type AttendeesFormat = 'csv' | 'xlsx';

export type AttendeesExport = {
  filename: string;
  contentType: string;
  body: Readable;
};

export type ExportDeps = {
  repository: OrganiserRepository;
  participation: Pick<ParticipationRepository, 'page'>;
  networks: Pick<NetworksService, 'get'>;
  accounts: Pick<AccountsService, 'mailAddresses'>;
  membershipRoles: Pick<MembershipRolesService, 'findMany'>;
};

/** Participants are read, and written out, this many at a time: memory stays bounded however long the list. */
const CHUNK = 500;

const CONTENT_TYPES: Record<AttendeesFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** "Sommerfest 2026!" -> "sommerfest-2026": the appointment's name in the file name. */
export function fileSlug(name: string): string {
  return slugify(name, { maxLength: 80, fallback: 'appointment' });
}

type Columns = Array<{ key: keyof OrganiserTexts['columns']; width: number }>;
const COLUMNS: Columns = [
  { key: 'lastName', width: 24 },
  { key: 'firstName', width: 24 },
  { key: 'email', width: 36 },
  { key: 'status', width: 16 },
  { key: 'roles', width: 30 },
  { key: 'external', width: 10 },
  { key: 'consumer', width: 12 },
];

/**
 * The attendee exports (calendars spec, section 7: `attendees.csv`, `attendees.xlsx`): every
 * participant in the list order, with e-mail address, status and roles in the requester's
 * language. Both are streamed: the participants are read a chunk at a time as the file is
 * written, so a list of thousands is never held whole.
 */
export function createAttendeeExports(deps: ExportDeps) {
  /** The rows of the file, a chunk at a time, in the order of the participants list. */
  async function* records(actor: Actor, loaded: LoadedAppointment, t: OrganiserTexts): AsyncGenerator<string[]> {
    const scope = viewScope(loaded);
    const roleNames = new Map<string, string>();
    for (let offset = 0; ; offset += CHUNK) {
      const rows: ParticipantListRow[] = await deps.participation.page(actor.networkId, scope, {
        terms: [],
        statuses: null,
        limit: CHUNK,
        offset,
      });
      if (rows.length === 0) return;
      const unknownRoles = [...new Set(rows.flatMap((r) => r.roles))].filter(
        (id) => id !== 'organizer' && !roleNames.has(id),
      );
      const [addresses, roles] = await Promise.all([
        deps.accounts.mailAddresses(
          actor.networkId,
          rows.map((r) => r.membershipId),
        ),
        deps.membershipRoles.findMany(actor.networkId, unknownRoles),
      ]);
      for (const role of roles) roleNames.set(role.id, role.name);
      for (const row of rows) {
        const status =
          row.status === 'accepted'
            ? t.statuses.accepted
            : row.status === 'declined' || row.status === 'rejected'
              ? t.statuses.declined
              : t.statuses.invited;
        const roleList = row.roles
          .map((id) => (id === 'organizer' ? t.organizer : roleNames.get(id)))
          .filter((name): name is string => !!name);
        yield [
          row.lastName,
          row.firstName,
          addresses.get(row.membershipId)?.email ?? '',
          status,
          roleList.join(', '),
          row.isExternal ? t.yes : t.no,
          row.kind === 'consumer' ? t.yes : t.no,
        ];
      }
      if (rows.length < CHUNK) return;
    }
  }

  function csv(source: AsyncGenerator<string[]>, header: string[]): Readable {
    // UTF-8 with a byte order mark (spreadsheet programs read umlauts then), quoted as needed, CRLF.
    const out = stringify({ bom: true, record_delimiter: 'windows' });
    out.write(header);
    pipeline(Readable.from(source), out, () => {});
    return out;
  }

  function xlsx(source: AsyncGenerator<string[]>, header: string[]): Readable {
    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Participants', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map((c, i) => ({ header: header[i], key: c.key, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
    void (async () => {
      for await (const record of source) sheet.addRow(record).commit();
      sheet.commit();
      await workbook.commit();
    })().catch((err: unknown) => out.destroy(err as Error));
    return out;
  }

  return {
    /** `GET /appointments/{id}/attendees.{csv,xlsx}`: 403 without `can.download_attendees`. */
    async export(actor: Actor, loaded: LoadedAppointment, format: AttendeesFormat): Promise<AttendeesExport> {
      const participantCount = (await deps.repository.hasParticipants(viewScope(loaded))) ? 1 : 0;
      authorize(
        appointmentPolicy,
        'download_attendees',
        actor,
        loadedSubject(loaded, {
          attendingCount: 0,
          participantCount,
          participating: false,
          registrationClosed: false,
          over: false,
          retroactiveOpting: false,
        }),
      );
      const network = await deps.networks.get(actor.networkId);
      const locale: Locale = mailLocale(actor.locale, network?.language ?? 'de');
      const t = ORGANISER_TEXTS[locale];
      const header = COLUMNS.map((c) => t.columns[c.key]);
      const source = records(actor, loaded, t);
      return {
        filename: `attendees-${fileSlug(loaded.row.name)}.${format}`,
        contentType: CONTENT_TYPES[format],
        body: format === 'csv' ? csv(source, header) : xlsx(source, header),
      };
    },
  };
}

export type AttendeeExports = ReturnType<typeof createAttendeeExports>;
