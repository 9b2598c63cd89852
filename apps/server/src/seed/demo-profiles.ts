import { Readable } from 'node:stream';
import { PROFILE_SHOW_AGE_KEY } from '@agora/contracts';
import { renderAvatar } from './demo-avatars.ts';
import type { DemoNetwork } from './demo-context.ts';

type DemoProfile = {
  position: string;
  phone?: string;
  room?: string;
  skills?: string[];
  languages?: string[];
  /** 'MM-DD' with a year, or 'today' (the demo shows a birthday of the day). */
  birthday?: { year: number; day: string };
  showAge?: boolean;
  /** Drawn picture: background, skin, hair, long hair. Without one the member shows initials. */
  picture?: [number, number, number, boolean];
};

// Member indexes as in demo.ts: 0 Anna (admin), 1 Max, 2 Gina (guest), 3 Lena, 4 Jonas, ...
const PROFILES: Record<number, DemoProfile> = {
  0: {
    position: 'Leiterin Personal',
    phone: '+49 30 1234-100',
    room: 'A 1.01',
    languages: ['Deutsch', 'Englisch'],
    birthday: { year: 1979, day: '05-12' },
    picture: [0, 0, 1, true],
  },
  1: {
    position: 'Teamleiter Entwicklung',
    phone: '+49 30 1234-210',
    room: 'B 2.14',
    skills: ['TypeScript', 'PostgreSQL', 'Scrum'],
    languages: ['Deutsch', 'Englisch', 'Spanisch'],
    birthday: { year: 1988, day: '09-23' },
    showAge: true,
    picture: [5, 1, 0, false],
  },
  2: { position: 'Beraterin (extern)', languages: ['Deutsch'], birthday: { year: 1990, day: '02-17' } },
  3: {
    position: 'Marketingleiterin',
    phone: '+49 89 555-301',
    room: 'M 3.02',
    skills: ['Kampagnen', 'Markenführung'],
    languages: ['Deutsch', 'Englisch', 'Französisch'],
    birthday: { year: 1985, day: '03-04' },
    showAge: true,
    picture: [4, 0, 3, true],
  },
  4: {
    position: 'Content Manager',
    phone: '+49 221 4040-12',
    skills: ['Texte', 'Social Media'],
    birthday: { year: 1993, day: 'today' },
    showAge: true,
    picture: [2, 2, 2, false],
  },
  5: { position: 'Grafikdesignerin', skills: ['Illustration', 'Layout'], picture: [3, 1, 5, true] },
  6: {
    position: 'Eventmanager',
    phone: '+49 89 555-377',
    birthday: { year: 1990, day: '07-30' },
    picture: [1, 3, 4, false],
  },
  7: { position: 'Werkstudentin Marketing', birthday: { year: 2001, day: '11-02' }, showAge: true },
  8: {
    position: 'Softwareentwickler',
    skills: ['React', 'Node.js'],
    room: 'B 2.10',
    birthday: { year: 1995, day: '01-19' },
    picture: [0, 2, 1, false],
  },
  9: { position: 'Softwareentwicklerin', skills: ['Go', 'Kubernetes'], room: 'B 2.11', picture: [3, 0, 4, true] },
  10: { position: 'DevOps Engineer', skills: ['Linux', 'Terraform'], birthday: { year: 1987, day: '06-08' } },
  11: { position: 'UX Designerin', skills: ['Nutzerforschung', 'Prototypen'], picture: [5, 3, 2, true] },
  12: { position: 'QA Engineer', birthday: { year: 1992, day: '12-24' } },
  13: { position: 'Produktmanagerin', languages: ['Deutsch', 'Englisch'], picture: [2, 0, 3, true] },
  14: { position: 'Recruiter', phone: '+49 30 1234-130', birthday: { year: 1991, day: '04-27' } },
  15: { position: 'Personalreferentin', phone: '+49 30 1234-131' },
  16: { position: 'Projektleiter', birthday: { year: 1983, day: '08-15' }, picture: [1, 1, 0, false] },
  17: { position: 'Controllerin', room: 'A 1.12' },
  18: {
    position: 'Standortleiter Berlin',
    phone: '+49 30 1234-000',
    room: 'A 0.01',
    birthday: { year: 1976, day: '10-03' },
    picture: [4, 2, 4, false],
  },
  19: { position: 'Office Managerin', phone: '+49 30 1234-001' },
  20: { position: 'Vertriebsmitarbeiter', picture: [0, 3, 1, false] },
  22: {
    position: 'Standortleiter Hamburg',
    phone: '+49 40 8080-000',
    birthday: { year: 1981, day: '05-29' },
    picture: [5, 0, 5, false],
  },
  26: {
    position: 'Standortleiter München',
    phone: '+49 89 555-000',
    birthday: { year: 1984, day: '02-09' },
    picture: [2, 1, 2, false],
  },
};

function birthdayOf({ year, day }: { year: number; day: string }, today: Date): string {
  if (day !== 'today') return `${year}-${day}`;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(today.getUTCMonth() + 1)}-${pad(today.getUTCDate())}`;
}

/**
 * Profile values, birthdays and pictures of the demo's members. Values are merged into what
 * other parts of the demo stored (departments, addresses), never replacing them.
 */
export async function seedDemoProfiles(demo: DemoNetwork, today: Date = new Date()): Promise<void> {
  const { services, network, memberships } = demo;
  // Namesakes are told apart by their department (the directory's seed fills it in).
  await services.networks.updateSettings(network.id, { detection_profile_field: 'department' });
  const entries = Object.entries(PROFILES).map(([index, profile]) => ({
    membership: memberships[Number(index)]!,
    profile,
  }));
  await services.members.mergeProfileValues(
    network.id,
    entries.map(({ membership, profile }) => ({
      id: membership.id,
      values: {
        position: profile.position,
        ...(profile.phone ? { phone: profile.phone } : {}),
        ...(profile.room ? { room: profile.room } : {}),
        ...(profile.skills ? { skills: profile.skills } : {}),
        ...(profile.languages ? { languages: profile.languages } : {}),
        ...(profile.showAge ? { [PROFILE_SHOW_AGE_KEY]: true } : {}),
      },
    })),
  );
  for (const { membership, profile } of entries) {
    if (profile.birthday)
      await services.members.setBirthday(network.id, membership.id, birthdayOf(profile.birthday, today));
    if (!profile.picture) continue;
    const [background, skin, hair, longHair] = profile.picture;
    const stored = await services.storage.store({
      networkId: network.id,
      uploaderId: membership.id,
      directory: 'images',
      fileName: 'profilbild.jpg',
      body: Readable.from(await renderAvatar({ background, skin, hair, longHair })),
    });
    const actor = services.members.actorFor(membership, 'demo', null);
    await services.storage.attach(actor, [stored.id], { type: 'membership', id: membership.id });
    await services.members.setProfileImage(network.id, membership.id, stored.id);
  }
}
