import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/api-client.ts';
import { i18n } from '../../../i18n/index.ts';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { FakeXhr } from '../../../ui/upload/fake-xhr.ts';
import { GroupForm, type GroupFormValues } from './group-form.tsx';

const INITIAL: GroupFormValues = {
  name: 'Kitchen',
  group_category_id: 'c'.repeat(24),
  access: 'open',
  moderated_join: false,
  members_can_invite: true,
  invites_restricted: false,
  chat: 'enabled',
  sensitive: false,
  active_main_group: false,
  externally_visible: false,
  profile_image: null,
  teaser: '',
  description: '',
};

function render(
  options: { canCreateHidden?: boolean; initial?: Partial<GroupFormValues>; onSave?: () => Promise<unknown> } = {},
) {
  const onSave = vi.fn<(fields: GroupFormValues) => Promise<unknown>>(options.onSave ?? (() => Promise.resolve()));
  renderUi(
    <GroupForm
      initial={{ ...INITIAL, ...options.initial }}
      canCreateHidden={options.canCreateHidden ?? false}
      submitLabel="Create group"
      cancelTo="/"
      onSave={onSave}
    />,
  );
  return { onSave };
}

const radio = (name: string) =>
  screen.queryByRole('radio', { name: new RegExp(`^${name}`) }) as HTMLInputElement | null;
const toggle = (name: string) => fireEvent.click(screen.getByRole('switch', { name: new RegExp(`^${name}`) }));

describe('the group form', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    clearToasts();
  });

  it('offers hidden only with can.create_hidden', async () => {
    render();
    expect(await screen.findByRole('radio', { name: /^Open/ })).toBeTruthy();
    expect(radio('Closed')).toBeTruthy();
    expect(radio('Hidden')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('disables open for a sensitive group and moves it to closed', async () => {
    render({ canCreateHidden: true });
    await screen.findByRole('radio', { name: /^Open/ });
    toggle('Sensitive group');
    expect(radio('Open')!.disabled).toBe(true);
    expect(radio('Closed')!.checked).toBe(true);
    expect(screen.getByText('Not available for sensitive groups.')).toBeTruthy();
  });

  it('does not offer closed for the active main group', async () => {
    render({ initial: { access: 'closed' } });
    await screen.findByRole('radio', { name: /^Open/ });
    toggle('Main group of the category');
    expect(radio('Closed')).toBeNull();
    expect(radio('Open')!.checked).toBe(true);
  });

  it('offers no moderated joining for a hidden group', async () => {
    render({ canCreateHidden: true, initial: { moderated_join: true } });
    expect(await screen.findByRole('switch', { name: /^Moderated joining/ })).toBeTruthy();
    fireEvent.click(radio('Hidden')!);
    expect(screen.queryByRole('switch', { name: /^Moderated joining/ })).toBeNull();
  });

  it('needs a name, and saves the fields', async () => {
    const { onSave } = render({ initial: { name: '' } });
    const save = await screen.findByRole('button', { name: 'Create group' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Platform team' } });
    toggle('Moderated joining');
    fireEvent.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ name: 'Platform team', moderated_join: true, access: 'open' });
  });

  it('keeps saving disabled while the picture uploads', async () => {
    const restore = FakeXhr.install();
    try {
      render();
      const save = (await screen.findByRole('button', { name: 'Create group' })) as HTMLButtonElement;
      const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
      fireEvent.change(input, { target: { files: [new File(['png'], 'team.png', { type: 'image/png' })] } });
      await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
      await waitFor(() => expect(save.disabled).toBe(true));
      expect(screen.getByText('Saving is possible once the picture has been uploaded.')).toBeTruthy();
      act(() =>
        FakeXhr.requests[0]!.respond(201, {
          id: 'i'.repeat(24),
          name: 'team.png',
          type: 'image/png',
          size: 3,
          extension: 'png',
          external_id: null,
          state: 'volatile',
          token: null,
          created_at: '2026-01-01T00:00:00.000Z',
        }),
      );
      await waitFor(() => expect(save.disabled).toBe(false));
    } finally {
      restore();
    }
  });

  it('marks the fields the server refused and names the group in the toast', async () => {
    render({
      onSave: () => Promise.reject(new ApiError(422, { errors: { access: ['open_not_for_sensitive'] } })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('A sensitive group cannot be open.')).toBeTruthy();
    expect(await screen.findByText('The group “Kitchen” could not be saved.')).toBeTruthy();
  });
});
