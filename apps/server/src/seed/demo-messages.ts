import { Readable } from 'node:stream';
import type { DemoNetwork } from './demo-context.ts';

// Member indexes as in demo.ts: 0 Anna (admin), 1 Max, 3 Lena, 14 Noah.
const ANNA = 0;
const MAX = 1;
const LENA = 3;
const NOAH = 14;

/**
 * The demo's direct messages: a conversation between Max and Lena with replies, a message of
 * Lena's to her Marketing group, one with an attachment from Noah, and Anna's welcome that Max
 * has not read yet (Lena answered it). Their notifications come from the processors; no mail is sent.
 */
export async function seedDemoMessages({ services, network, memberships, groups }: DemoNetwork): Promise<void> {
  const { members, messages, storage } = services;
  const actor = (i: number) => members.actorFor(memberships[i]!, 'demo', null);
  const id = (i: number) => memberships[i]!.id;
  const now = Date.now();
  let hoursAgo = 24 * 6;
  // Each message a few hours after the one before, the last one this morning.
  const send = (from: number, body: Parameters<typeof messages.send>[1]) => {
    hoursAgo -= 20;
    return messages.send(actor(from), body, { sendEmail: false, at: new Date(now - hoursAgo * 3_600_000) });
  };

  const question = await send(MAX, {
    to: [id(LENA)],
    to_group: [],
    to_all_network_members: false,
    subject: 'Flyer für das Sommerfest',
    content:
      '<p>Hallo Lena,</p><p>hast du schon einen Entwurf für den Flyer? Ich würde gern die Rückseite übernehmen.</p>',
    attachments: [],
  });
  const answer = await send(LENA, {
    to: [id(MAX)],
    to_group: [],
    to_all_network_members: false,
    subject: 'Re: Flyer für das Sommerfest',
    content: '<p>Hallo Max,</p><p>gerne! Der Entwurf liegt ab morgen im Marketing-Ordner.</p>',
    attachments: [],
    conversation_starter_id: question.id,
  });
  await send(MAX, {
    to: [id(LENA)],
    to_group: [],
    to_all_network_members: false,
    subject: 'Re: Flyer für das Sommerfest',
    content: '<p>Super, danke dir!</p>',
    attachments: [],
    conversation_starter_id: question.id,
  });

  const marketing = groups.find((g) => g.slug === 'marketing');
  if (marketing) {
    await send(LENA, {
      to: [],
      to_group: [marketing.id],
      to_all_network_members: false,
      subject: 'Teamtreffen am Donnerstag',
      content: '<p>Liebes Team,</p><p>unser Treffen ist am Donnerstag um 10 Uhr im Raum Elbe.</p>',
      attachments: [],
    });
  }

  const agenda = await storage.store({
    networkId: network.id,
    uploaderId: id(NOAH),
    directory: 'files',
    fileName: 'agenda-workshop.txt',
    body: Readable.from([Buffer.from('Workshop\n\n09:00 Begrüßung\n10:00 Ideen sammeln\n12:00 Mittagessen\n')]),
  });
  await send(NOAH, {
    to: [id(MAX)],
    to_group: [],
    to_all_network_members: false,
    subject: 'Agenda für den Workshop',
    content: '<p>Hallo Max, anbei die Agenda für den Workshop. Viele Grüße, Noah</p>',
    attachments: [agenda.id],
  });

  const welcome = await send(ANNA, {
    to: [id(MAX), id(LENA)],
    to_group: [],
    to_all_network_members: false,
    subject: 'Willkommen im Intranet',
    content: '<p>Hallo ihr beiden,</p><p>schön, dass ihr dabei seid! Meldet euch, wenn ihr Fragen habt.</p>',
    attachments: [],
  });
  await send(LENA, {
    to: [id(ANNA)],
    to_group: [],
    to_all_network_members: false,
    subject: 'Re: Willkommen im Intranet',
    content: '<p>Danke, Anna! Wo finde ich die Urlaubsvorlage?</p>',
    attachments: [],
    conversation_starter_id: welcome.id,
  });

  // Max has read the conversation; Anna's and Noah's messages wait for him.
  await messages.mark(actor(MAX), [answer.id], true);
}
