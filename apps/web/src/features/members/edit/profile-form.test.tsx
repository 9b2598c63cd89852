import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileForm as ProfileFormData } from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { i18n } from '../../../i18n/index.ts';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { ProfileForm } from './profile-form.tsx';

const MEMBER_ID = 'a'.repeat(24);

function formFixture(overrides: Partial<ProfileFormData> = {}): ProfileFormData {
  return {
    member: {
      id: MEMBER_ID,
      name: 'Max Member',
      displayName: 'Max Member',
      first_name: 'Max',
      last_name: 'Member',
      path: `/members/${MEMBER_ID}`,
      images: { small: null, medium: null, large: null },
      is_external: false,
      minister: false,
      locked: false,
      can: {
        update_registration: true,
        update_profile: true,
        edit: false,
        edit_groups: false,
        destroy: false,
        chat: true,
        create_channels: false,
        ignore: false,
      },
    },
    values: {
      first_name: 'Max',
      last_name: 'Member',
      display_name: null,
      birthday: '1990-03-14',
      show_age: false,
      profile_image: null,
      profile: { department: 'it', skills: ['legacy', 'list'] },
    },
    properties: [
      { name: 'department', label: 'Abteilung', type: 'selection', options: [{ value: 'it', label: 'IT' }] },
      { name: 'motto', label: 'Motto', type: 'text' },
      { name: 'skills', label: 'Kenntnisse', type: 'multiline_text' },
      { name: 'website', label: 'Webseite', type: 'url' },
      { name: 'address', label: 'Adresse', type: 'address' },
    ],
    change_request_fields: [],
    ...overrides,
  };
}

describe('profile form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('shows every property and sends only what changed', async () => {
    const save = vi.fn().mockResolvedValue({});
    const onSaved = vi.fn();
    renderUi(<ProfileForm form={formFixture()} save={save} saving={false} submitLabel="Speichern" onSaved={onSaved} />);
    expect(screen.getByLabelText('Motto')).toBeTruthy();
    expect(screen.getByText('Adresse')).toBeTruthy();
    expect(screen.getByDisplayValue('Max')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    fireEvent.change(screen.getByLabelText('Motto'), { target: { value: 'Ship it' } });
    fireEvent.change(screen.getByLabelText('Anzeigename'), { target: { value: 'Maxi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // The stored list of the text property is left alone: it was not touched.
    expect(save).toHaveBeenCalledWith({ display_name: 'Maxi', profile: { motto: 'Ship it' } });
  }, 20_000);

  it("puts the server's errors on the properties they name", async () => {
    const save = vi
      .fn()
      .mockRejectedValue(new ApiError(422, { errors: { 'profile.website': ['invalid'], first_name: ['required'] } }));
    const onSaved = vi.fn();
    renderUi(<ProfileForm form={formFixture()} save={save} saving={false} submitLabel="Speichern" onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText('Webseite'), { target: { value: 'https://beispiel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const website = screen.getByLabelText('Webseite');
    await waitFor(() => expect(website.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText(/^Vorname/).getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('keeps change-request fields read-only and links the request', async () => {
    renderUi(
      <ProfileForm
        form={formFixture({ change_request_fields: ['motto'] })}
        save={vi.fn()}
        saving={false}
        submitLabel="Speichern"
        onSaved={vi.fn()}
        changeRequestPath={`/members/${MEMBER_ID}/change_requests/new`}
      />,
    );
    expect((screen.getByLabelText('Motto') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Änderung beantragen' }).getAttribute('href')).toBe(
      `/members/${MEMBER_ID}/change_requests/new`,
    );
  });
});
