import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventFailuresPage } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { EventFailuresSection } from './event-failures-section.tsx';

const LIST = 'GET /api/v1/administration/event_failures?page=1';
const FAILED: EventFailuresPage = {
  failures: [
    {
      id: 42,
      processor: 'notifications',
      event_type: 'appointment.canceled',
      subject: { type: 'appointment', id: 'a'.repeat(24) },
      attempts: 10,
      last_error: 'connection refused',
      created_at: '2026-11-20T09:05:00Z',
    },
  ],
  total: 1,
  page: 1,
  per: 25,
};

describe('the failed background tasks', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    clearToasts();
  });

  it('lists what failed and tries it again', async () => {
    const calls = stubFetch({
      [LIST]: { status: 200, body: FAILED },
      'POST /api/v1/administration/event_failures/42/retry': { status: 204 },
    });
    renderUi(<EventFailuresSection />);
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('notifications');
    expect(row.textContent).toContain('appointment.canceled');
    expect(row.textContent).toContain('connection refused');
    expect(row.textContent).toContain('10');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: 'Try again: appointment.canceled' }));
    expect(await screen.findByText('The task is being tried again.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/42/retry'))).toBe(true);
    await waitFor(() => expect(calls.filter((c) => c.path === LIST.slice(4))).toHaveLength(2));
  });

  it('says so when nothing failed', async () => {
    stubFetch({ [LIST]: { status: 200, body: { failures: [], total: 0, page: 1, per: 25 } } });
    renderUi(<EventFailuresSection />);
    expect(await screen.findByText('No failed background tasks')).toBeTruthy();
  });
});
