import { Readable } from 'node:stream';
import type { ProfileProperty, ProfileValues } from '@agora/contracts';
import type { Services } from '../app.ts';
import type { Actor } from '../platform/policy/index.ts';
import type { DemoNetwork } from './demo-context.ts';

const ANNA = 0;
const MAX = 1;
const LENA = 3;
const JONAS = 4;

/** A text file uploaded by the member, volatile: what the new-files form and the new-version form take. */
export async function demoTextUpload(services: Services, actor: Actor, fileName: string, text: string) {
  return services.storage.store({
    networkId: actor.networkId,
    uploaderId: actor.membershipId,
    directory: 'files',
    fileName,
    body: Readable.from([Buffer.from(text)]),
  });
}

/** The demo's file profile: a document's state and when it is next reviewed, both columns of the files table. */
const FILE_PROFILE: ProfileProperty[] = [
  {
    name: 'state',
    label: 'State',
    type: 'selection',
    sortable: true,
    options: [
      { value: 'draft', label: 'Draft' },
      { value: 'in_force', label: 'In force' },
    ],
    tag_parents: [],
  },
  { name: 'review_on', label: 'Review on', type: 'date', sortable: true, options: [], tag_parents: [] },
];

/**
 * The demo's folders and files: the network's handbook, templates and minutes, and folders of the
 * marketing and engineering groups; files with several versions, one locked by Max, one finalized;
 * the file profile's state and review date on the handbook's files and the template; the policies
 * requiring approval, with a new version of Max's waiting for Anna's.
 */
export async function seedDemoFiles({ services, network, memberships, groups }: DemoNetwork): Promise<void> {
  const actor = (i: number) => services.members.actorFor(memberships[i]!, 'demo', null);
  const { files } = services;
  await services.networks.updateSettings(network.id, {
    file_profiles: { enabled: true, properties: FILE_PROFILE, column_fields: ['state', 'review_on'] },
  });
  const folder = async (who: number, parentId: string, name: string, description = '') =>
    (await files.folders.create(actor(who), { name, description, parent_folder_id: parentId, folder_profile: {} })).id;
  const file = async (
    who: number,
    folderId: string,
    name: string,
    text: string,
    description = '',
    profile: ProfileValues = {},
  ) => {
    const upload = await demoTextUpload(services, actor(who), name, text);
    const { files: made } = await files.addFiles(actor(who), {
      files: [upload.id],
      folder_ids: [folderId],
      description,
      file_profile: profile,
      post_to_stream: false,
    });
    return made[0]!.id;
  };
  const version = async (who: number, fileId: string, name: string, text: string) => {
    const upload = await demoTextUpload(services, actor(who), name, text);
    await files.files.addVersion(actor(who), fileId, { upload_id: upload.id, description: '' });
  };

  const root = await files.access.rootFolder(network.id, 'network', network.id);
  const handbook = await folder(ANNA, root.id, 'Handbook', 'How we work together.');
  const onboarding = await folder(ANNA, handbook, 'Onboarding');
  const policies = await folder(ANNA, handbook, 'Policies');
  const templates = await folder(ANNA, root.id, 'Templates');
  const minutes = await folder(ANNA, root.id, 'Minutes');
  const minutes2026 = await folder(ANNA, minutes, '2026');

  await file(ANNA, onboarding, 'Welcome.txt', 'Welcome to Agora! Start with your profile, then join your teams.', '', {
    state: 'in_force',
  });
  const travel = await file(ANNA, policies, 'Travel policy.txt', 'Travel policy, first draft.', 'Trains first.', {
    state: 'in_force',
    review_on: '2026-12-31',
  });
  await version(MAX, travel, 'Travel policy.txt', 'Travel policy, second draft: trains first, flights above 800 km.');
  await version(
    ANNA,
    travel,
    'Travel policy.txt',
    'Travel policy 2026: trains first, flights above 800 km, receipts within a month.',
  );
  // From now on a new policy needs a reviewer's approval: Max's proposal waits for Anna.
  await files.folders.update(actor(ANNA), policies, { requires_approval: true });
  await version(
    MAX,
    travel,
    'Travel policy.txt',
    'Travel policy 2026: trains first, flights above 800 km, receipts within a month, bikes for short trips.',
  );
  const letter = await file(ANNA, templates, 'Letter template.txt', 'Dear {name},\n\n...\n\nKind regards', '', {
    state: 'draft',
    review_on: '2026-06-30',
  });
  await services.storage.lock(actor(MAX), 'files', letter, 'default');
  const board = await file(
    ANNA,
    minutes2026,
    'Board meeting 2026-01.txt',
    'Present: Anna, Max. Decided: the summer party.',
  );
  await files.files.update(actor(ANNA), board, { finalized: true });

  const groupRoot = async (slug: string) => {
    const group = groups.find((g) => g.slug === slug);
    return group ? (await files.access.rootFolder(network.id, 'group', group.id)).id : null;
  };
  const marketing = await groupRoot('marketing');
  if (marketing) {
    const campaigns = await folder(LENA, marketing, 'Campaigns');
    const plan = await file(LENA, campaigns, 'Spring campaign plan.txt', 'Spring campaign: posters and a newsletter.');
    await version(
      JONAS,
      plan,
      'Spring campaign plan.txt',
      'Spring campaign: posters, a newsletter and the fair in April.',
    );
    await file(LENA, marketing, 'Brand guide.txt', 'Colours, logo spacing and tone of voice.');
  }
  const engineering = await groupRoot('engineering');
  if (engineering) {
    const architecture = await folder(MAX, engineering, 'Architecture');
    const runbook = await file(MAX, architecture, 'Runbook.md', '# Runbook\n\nRestart the service.');
    await version(MAX, runbook, 'Runbook.md', '# Runbook\n\nRestart the service, then check the health page.');
  }
}
