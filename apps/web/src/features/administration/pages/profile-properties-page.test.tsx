import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PropertySet } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { ProfilePropertiesPage, propertyName } from './profile-properties-page.tsx';

const SET: PropertySet = {
  name: 'profile',
  type: 'basic',
  properties: [
    { name: 'department', label: 'Department', type: 'text' },
    { name: 'address', label: 'Address', type: 'address' },
  ],
  parent_property_set: null,
  modifications: [],
};
const GET = 'GET /api/v1/property_sets/profile';
const PUT = 'PUT /api/v1/property_sets/profile';

const render = (answers: Parameters<typeof stubFetch>[0]) => {
  const calls = stubFetch(answers);
  renderUi(<ProfilePropertiesPage />, { path: '/administration/profile' });
  return calls;
};

describe('the profile fields administration', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    clearToasts();
  });

  it('derives names from labels, fixed once saved', () => {
    expect(propertyName('Büro-Nummer', new Set())).toBe('buero_nummer');
    expect(propertyName('Room', new Set(['room']))).toBe('room_2');
    expect(propertyName('42', new Set())).toBe('property');
  });

  it('adds a selection with choices, reorders, removes and saves the set as a whole', { timeout: 40_000 }, async () => {
    const calls = render({ [GET]: { status: 200, body: SET }, [PUT]: { status: 200, body: SET } });
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual(['Department', 'Address']);
    // A saved address offers only its own type.
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const fresh = within(list).getAllByRole('listitem')[2]!;
    fireEvent.change(within(fresh).getByLabelText(/Label/), { target: { value: 'Team Size' } });
    expect(within(fresh).getByText('Key: team_size')).toBeTruthy();
    fireEvent.click(within(fresh).getByRole('textbox', { name: 'Type' }));
    fireEvent.click((await screen.findAllByRole('option', { name: 'Selection', hidden: true })).at(-1)!);
    fireEvent.click(await within(fresh).findByRole('button', { name: 'Add choice' }));
    const choices = within(fresh).getByRole('group', { name: 'Choices of Team Size' });
    fireEvent.change(within(choices).getByLabelText('Label'), { target: { value: 'Small' } });
    fireEvent.click(within(fresh).getByLabelText('Required'));
    fireEvent.click(screen.getByRole('button', { name: 'Move Team Size up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Department' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved successfully.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      properties: [
        {
          name: 'team_size',
          label: 'Team Size',
          type: 'selection',
          required: true,
          multiple: false,
          options: [{ label: 'Small', value: 'small' }],
        },
        { name: 'address', label: 'Address', type: 'address' },
      ],
    });
  });

  it('marks the fields the server refuses, and says when saving failed', async () => {
    render({
      [GET]: { status: 200, body: SET },
      [PUT]: { status: 422, body: { errors: { 'properties.0.label': ['blank'] } } },
    });
    fireEvent.change((await screen.findAllByLabelText(/Label/))[0]!, { target: { value: '' } });
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText(/Please check/).length).toBeGreaterThan(0));
    const first = screen.getAllByRole('listitem')[0]!;
    expect(within(first).getByLabelText(/Label/).getAttribute('aria-invalid')).toBe('true');

    stubFetch({ [PUT]: { status: 500, body: {} } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saving failed.')).toBeTruthy();
  });

  it('shows the not-found message without data', async () => {
    render({ [GET]: { status: 404, body: { error: 'not_found' } } });
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
