import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberProfile } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { ProfilePage } from './profile-page.tsx';

const openChat = vi.fn(async () => {});
vi.mock('../../chat/index.ts', () => ({ useOpenDirectChat: () => ({ open: openChat, opening: false }) }));

const ID = '0123456789abcdef01234567';

const PROFILE: MemberProfile = {
  id: ID,
  name: 'Lena Schmidt',
  displayName: 'Lena Schmidt',
  first_name: 'Lena',
  last_name: 'Schmidt',
  path: `/members/${ID}`,
  images: {
    small: '/api/storage/images/aaaaaaaaaaaaaaaaaaaaaaaa/get/80x80',
    medium: '/api/storage/images/aaaaaaaaaaaaaaaaaaaaaaaa/get/80x80',
    large: '/api/storage/images/aaaaaaaaaaaaaaaaaaaaaaaa/get/435x435',
  },
  is_external: false,
  minister: false,
  locked: false,
  can: {
    update_registration: false,
    update_profile: false,
    edit: false,
    edit_groups: false,
    destroy: false,
    chat: true,
    create_channels: false,
    ignore: true,
  },
  detection: { key: 'department', value: 'Marketing' },
  profile_fields: [
    { key: 'department', value: 'Marketing' },
    { key: 'phone', value: '+49 30 1234-56' },
    { key: 'favourite_tea', value: 'Earl Grey' },
  ],
  birthday: { day: 4, month: 3, age: 36, is_today: false },
  groups: [
    {
      id: 'g1',
      slug: 'marketing',
      name: 'Marketing',
      path: '/groups/marketing',
      archived: false,
      admin: true,
      category: { id: 'c1', name: 'Team', plural_name: 'Teams' },
    },
    {
      id: 'g2',
      slug: 'old-team',
      name: 'Old Team',
      path: '/groups/old-team',
      archived: true,
      admin: false,
      category: { id: 'c1', name: 'Team', plural_name: 'Teams' },
    },
    {
      id: 'g3',
      slug: 'berlin',
      name: 'Berlin',
      path: '/groups/berlin',
      archived: false,
      admin: false,
      category: { id: 'c2', name: 'Standort', plural_name: 'Standorte' },
    },
  ],
  more_groups: false,
  contact: { chat: true },
};

function renderProfile(profile: MemberProfile | null, status = 200) {
  stubFetch({ [`GET /members/${ID}`]: { status, body: profile ?? { error: 'not_found' } } });
  return renderUi(
    <Routes>
      <Route path="/members/:membershipId" element={<ProfilePage />} />
    </Routes>,
    { path: `/members/${ID}` },
  );
}

describe('member profile page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
    openChat.mockClear();
  });

  it('shows the image, name, profile fields, birthday with age and the groups by category', async () => {
    renderProfile(PROFILE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Schmidt' })).toBeTruthy();
    expect(screen.getByTestId('profile-image').querySelector('img')?.getAttribute('src')).toBe(PROFILE.images.large);

    const details = screen.getByRole('region', { name: 'Profil' });
    const terms = within(details)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Abteilung', 'Telefon', 'favourite_tea', 'Geburtstag']);
    expect(within(details).getByRole('link', { name: '+49 30 1234-56' }).getAttribute('href')).toBe('tel:+4930123456');
    expect(within(details).getByTestId('profile-birthday').textContent).toBe('04.03. (36 Jahre)');

    const groups = screen.getByRole('region', { name: 'Gruppen' });
    const teams = within(groups).getByRole('list', { name: 'Teams' });
    expect(
      within(teams)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/groups/marketing', '/groups/old-team']);
    expect(within(teams).getByText('Admin')).toBeTruthy();
    expect(within(teams).getByText('Archiviert')).toBeTruthy();
    expect(
      within(within(groups).getByRole('list', { name: 'Standorte' })).getByRole('link', { name: 'Berlin' }),
    ).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('opens a chat with the member from the chat button', async () => {
    renderProfile(PROFILE);
    fireEvent.click(await screen.findByRole('button', { name: 'Chat starten' }));
    expect(openChat).toHaveBeenCalledWith(ID);
  });

  it('shows initials, a guest badge, no age, no chat and the empty states where there is nothing', async () => {
    renderProfile({
      ...PROFILE,
      images: { small: null, medium: null, large: null },
      is_external: true,
      detection: null,
      profile_fields: [],
      birthday: null,
      groups: [],
      contact: { chat: false },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Schmidt' })).toBeTruthy();
    expect(screen.getByTestId('profile-image').textContent).toBe('LS');
    expect(screen.getByText('Gast')).toBeTruthy();
    expect(screen.getByText('Keine Profilangaben.')).toBeTruthy();
    expect(screen.getByText('In keiner Gruppe, die Sie sehen können.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Chat starten' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the birthday without the age where the member does not show it, in English too', async () => {
    await i18n.changeLanguage('en');
    renderProfile({ ...PROFILE, birthday: { day: 28, month: 11, age: null, is_today: true } });
    expect((await screen.findByTestId('profile-birthday')).textContent).toBe('28.11.');
    expect(screen.getByText('Birthday today')).toBeTruthy();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toContain('Department');
    expect(screen.getByRole('button', { name: 'Start chat' })).toBeTruthy();
  });

  it('is the not-found page for a member one may not see', async () => {
    renderProfile(null, 404);
    expect(await screen.findByRole('heading', { name: 'Mitglied nicht gefunden' })).toBeTruthy();
  });
});
