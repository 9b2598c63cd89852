import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Imprint } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { ImprintEditPage } from './imprint-edit-page.tsx';

const IMPRINT: Imprint = {
  imprint_attributes: { content: '<p>Acme GmbH</p>' },
  mail_imprint: 'Acme GmbH · Berlin',
  show_newsletter_info: false,
};
const GET = 'GET /administration/imprint/edit';
const PUT = 'PUT /administration/imprint/';

describe('the imprint editor', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('can be saved only after a change', async () => {
    const saved = { ...IMPRINT, mail_imprint: 'Acme GmbH · Hamburg', show_newsletter_info: true };
    const calls = stubFetch({ [GET]: { status: 200, body: IMPRINT }, [PUT]: { status: 200, body: saved } });
    renderUi(<ImprintEditPage />, { path: '/administration/imprint/edit' });
    const mail = (await screen.findByRole('textbox', { name: /^Mail-Impressum/ })) as HTMLTextAreaElement;
    expect(mail.value).toBe('Acme GmbH · Berlin');
    const save = screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(mail, { target: { value: 'Acme GmbH · Hamburg' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Newsletter-Hinweis anzeigen' }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      imprint: {
        imprint_attributes: { content: '<p>Acme GmbH</p>' },
        mail_imprint: 'Acme GmbH · Hamburg',
        show_newsletter_info: true,
      },
    });
    // What was saved is the new starting point: nothing to save again.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('says saving failed, and marks a field the server refused', async () => {
    stubFetch({
      [GET]: { status: 200, body: IMPRINT },
      [PUT]: {
        status: 422,
        body: { errors: { mail_imprint: ['too_long'] }, details: { mail_imprint: { maximum: 2000 } } },
      },
    });
    renderUi(<ImprintEditPage />, { path: '/administration/imprint/edit' });
    const mail = await screen.findByRole('textbox', { name: /^Mail-Impressum/ });
    fireEvent.change(mail, { target: { value: 'Anders' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Speichern fehlgeschlagen.')).toBeTruthy();
    await waitFor(() => expect(mail.getAttribute('aria-invalid')).toBe('true'));
  });
});
