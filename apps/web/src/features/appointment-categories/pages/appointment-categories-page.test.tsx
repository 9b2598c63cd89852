import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, renderUi } from '../../../ui/testing.tsx';
import { AppointmentCategoriesPage } from './appointment-categories-page.tsx';

const LIST = 'GET /appointments/categories';

describe('the appointment categories page', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('is a settings page of the administration: heading and tab title, back link, intro, then the list', async () => {
    stubFetch({ [LIST]: { status: 200, body: [{ id: 'a'.repeat(24), label: 'Schulung' }] } });
    renderUi(<AppointmentCategoriesPage />, { path: '/administration/appointment_categories' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terminkategorien' })).toBeTruthy();
    expect(document.title).toContain('Terminkategorien');
    expect(screen.getByRole('link', { name: 'Zurück' }).getAttribute('href')).toBe('/administration');
    expect(screen.getByText(/Das Terminformular bietet diese Kategorien an/)).toBeTruthy();
    expect(await screen.findByLabelText('Kategorie Schulung')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('offers a retry when the list does not load', async () => {
    const calls = stubFetch({ [LIST]: { status: 500, body: { error: 'internal' } } });
    renderUi(<AppointmentCategoriesPage />, { path: '/administration/appointment_categories' });
    fireEvent.click(await screen.findByRole('button', { name: /Erneut versuchen/ }, { timeout: 10_000 }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/appointments/categories').length).toBe(2));
  });
});
