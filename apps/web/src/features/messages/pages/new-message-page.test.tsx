import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberOption } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { LENA, MAX, SELF, SESSION, message, shell } from '../testing/fixtures.ts';
import { NewMessagePage } from './new-message-page.tsx';

const lena: MemberOption = { id: LENA.id, displayName: LENA.name, images: { small: null }, is_external: false };

beforeEach(async () => {
  clearToasts();
  await i18n.changeLanguage('en');
});

function show(path: string, answers: Parameters<typeof stubFetch>[0] = {}, administrate = false) {
  const calls = stubFetch({
    'GET /api/v1/session': SESSION,
    'GET /api/v1/network': { status: 200, body: shell({ administrate }) },
    'POST /api/v1/messages': { status: 201, body: message(99) },
    'GET /api/v1/messages/recipients?q=Le': { status: 200, body: { members: [lena], total: 1, limit: 20, offset: 0 } },
    ...answers,
  });
  const view = renderUi(
    <Routes>
      <Route path="/messages/new" element={<NewMessagePage />} />
      <Route path="/groups/:groupSlug/messages/new" element={<NewMessagePage />} />
      <Route path="/messages" element={<p>Inbox page</p>} />
    </Routes>,
    { path },
  );
  return { calls, router: view.router };
}

const send = () => screen.getByRole('button', { name: 'Send' });
const posted = (calls: ReturnType<typeof stubFetch>) => calls.find((c) => c.method === 'POST')?.body;

describe('/messages/new', () => {
  it('keeps send disabled until there is a recipient and a subject or text, then sends and goes to the inbox', async () => {
    const { calls, router } = show('/messages/new');
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    expect(send().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Choose at least one recipient.')).toBeTruthy();

    fireEvent.focus(screen.getByRole('textbox', { name: 'Recipients' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Recipients' }), { target: { value: 'Le' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Lena Schmidt' }));
    expect(send().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Enter a subject or a message.')).toBeTruthy();

    fireEvent.change(subject, { target: { value: 'Lunch' } });
    expect(send().hasAttribute('disabled')).toBe(false);
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(send());
    await waitFor(() => expect(posted(calls)).toBeTruthy());
    expect(posted(calls)).toEqual({
      to: [LENA.id],
      to_group: [],
      to_all_network_members: false,
      subject: 'Lunch',
      content: '',
      attachments: [],
      conversation_starter_id: null,
    });
    expect(await screen.findByText('Your message has been sent.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
  }, 20_000);

  it('offers all members only to administrators', async () => {
    show('/messages/new');
    await screen.findByRole('textbox', { name: 'Subject' });
    expect(screen.queryByRole('checkbox', { name: 'Send to all members of the network' })).toBeNull();
  });

  it('sends to all members with the recipient field disabled', async () => {
    const { calls } = show('/messages/new', {}, true);
    const toAll = await screen.findByRole('checkbox', { name: 'Send to all members of the network' });
    fireEvent.click(toAll);
    expect(screen.getByRole('textbox', { name: 'Recipients' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('This message goes to every member of the network.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'News' } });
    fireEvent.click(send());
    await waitFor(() => expect(posted(calls)).toMatchObject({ to: [], to_all_network_members: true }));
  });

  it('prefills the recipient of ?to= and tells when sending failed', async () => {
    const { calls } = show(`/messages/new?to=${LENA.id}`, {
      [`GET /members/${LENA.id}`]: {
        status: 200,
        body: { id: LENA.id, displayName: LENA.name, images: { small: null }, is_external: false },
      },
      'POST /api/v1/messages': { status: 422, body: { errors: { to: ['recipient_not_allowed'] } } },
    });
    expect(await screen.findByText('Lena Schmidt')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Hi' } });
    fireEvent.click(send());
    expect(await screen.findByText('The message could not be sent.')).toBeTruthy();
    expect(screen.getByText('You cannot write to one of the chosen recipients.')).toBeTruthy();
    expect(posted(calls)).toMatchObject({ to: [LENA.id] });
  });

  it('replies to the author within the conversation', async () => {
    const original = message(1, { subject: 'Budget', conversation_starter_id: '9'.repeat(24) });
    const { calls } = show(`/messages/new?reply=${original.id}`, {
      [`GET /api/v1/messages/${original.id}`]: { status: 200, body: original },
    });
    expect(await screen.findByRole('heading', { name: 'Reply' })).toBeTruthy();
    expect(await screen.findByDisplayValue('Re: Budget')).toBe(screen.getByRole('textbox', { name: 'Subject' }));
    expect(screen.getByText(MAX.name)).toBeTruthy();
    fireEvent.click(send());
    await waitFor(() => expect(posted(calls)).toMatchObject({ to: [MAX.id], conversation_starter_id: '9'.repeat(24) }));
  });

  it('replies to all but oneself', async () => {
    const original = message(1, { to: [SELF, LENA], to_count: 2 });
    const { calls } = show(`/messages/new?reply_all=${original.id}`, {
      [`GET /api/v1/messages/${original.id}`]: { status: 200, body: original },
    });
    await screen.findByDisplayValue('Re: Subject 1');
    fireEvent.click(send());
    await waitFor(() => expect(posted(calls)).toMatchObject({ to: [MAX.id, LENA.id] }));
  });

  it('forwards with the attachments kept and no recipient yet', async () => {
    const original = message(1, {
      subject: 'Plan',
      has_attachments: true,
      attachments: [
        {
          id: 'd'.repeat(24),
          original_filename: 'plan.pdf',
          extension: 'pdf',
          content_type: 'application/pdf',
          size: 2048,
          url: '/api/storage/files/x',
        },
      ],
    });
    const { calls } = show(`/messages/new?forward=${original.id}`, {
      [`GET /api/v1/messages/${original.id}`]: { status: 200, body: original },
    });
    expect(await screen.findByRole('heading', { name: 'Forward message' })).toBeTruthy();
    expect(await screen.findByDisplayValue('Fwd: Plan')).toBe(screen.getByRole('textbox', { name: 'Subject' }));
    expect(screen.getByText('plan.pdf')).toBeTruthy();
    expect(send().hasAttribute('disabled')).toBe(true);
    fireEvent.focus(screen.getByRole('textbox', { name: 'Recipients' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Recipients' }), { target: { value: 'Le' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Lena Schmidt' }));
    fireEvent.click(send());
    await waitFor(() => expect(posted(calls)).toMatchObject({ to: [LENA.id], attachments: ['d'.repeat(24)] }));
    const body = posted(calls) as { content: string; conversation_starter_id: unknown };
    expect(body.content).toContain('<blockquote><p>Content 1</p></blockquote>');
    expect(body.conversation_starter_id).toBeNull();
  });

  it('writes to the group of /groups/{slug}/messages/new and warns that all its members get it', async () => {
    const group = {
      id: 'e'.repeat(24),
      slug: 'vertrieb',
      name: 'Vertrieb',
      category_id: 'f'.repeat(24),
      chat: 'enabled',
      can: {},
    };
    const { calls } = show('/groups/vertrieb/messages/new', {
      'GET /api/v1/groups/vertrieb': { status: 200, body: group },
    });
    expect(await screen.findByText('Every member of the chosen group receives this message.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Team' } });
    fireEvent.click(send());
    await waitFor(() => expect(posted(calls)).toMatchObject({ to: [], to_group: [group.id] }));
  });

  it('tells a member who may not send', async () => {
    show('/messages/new', { 'GET /api/v1/network': { status: 200, body: shell({ send: false }) } });
    expect(await screen.findByText('You cannot send messages')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('asks before leaving a composer with something written', async () => {
    const { router } = show('/messages/new');
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    fireEvent.change(subject, { target: { value: 'Draft' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Discard the message?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep writing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/messages/new');
    expect((screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe('Draft');

    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
  });

  it('lets an untouched composer go without asking', async () => {
    const { router } = show('/messages/new');
    await screen.findByRole('textbox', { name: 'Subject' });
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
