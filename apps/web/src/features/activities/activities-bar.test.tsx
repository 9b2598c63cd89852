import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Unreads } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { renderUi } from '../../ui/testing.tsx';
import { ActivitiesBar } from './activities-bar.tsx';
import { activitiesFeature } from './index.ts';
import { ENGINEERING, GENERAL, NEWS, ok, streamList, stubApi } from './testing/fixtures.ts';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe("the user bar's Activities module", { timeout: 20_000 }, () => {
  it('comes first, leads to the home stream and counts the Activities of the unreads', () => {
    const [entry] = activitiesFeature.userbar!;
    expect(entry).toMatchObject({
      module: 'activities',
      path: '/activitystreams',
      order: 10,
      label: 'activities:module',
    });
    const unreads = { Activities: 7, Messages: 2 } as Unreads;
    expect(entry!.unread!(unreads)).toBe(7);
  });

  it('lists the home, all and the streams by category with their unread counts, asked for after a moment', async () => {
    const calls = stubApi({
      'GET /activitystreams.json': ok(streamList()),
      'GET /unreads/activities': ok({
        activitystreams: [
          { id: GENERAL.id, slug: GENERAL.slug, unread_count: 4 },
          { id: ENGINEERING.id, slug: ENGINEERING.slug, unread_count: 120 },
        ],
        total: 12,
      }),
    });
    const started = Date.now();
    renderUi(<ActivitiesBar />, { path: '/activitystreams/general' });
    const bar = await screen.findByTestId('activities-bar');
    expect((await within(bar).findByRole('link', { name: /All activities/ })).getAttribute('href')).toBe(
      '/activitystreams/all',
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/unreads/activities')).toBe(true));
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);

    const home = within(bar).getByRole('link', { name: /My stream/ });
    expect(home.getAttribute('href')).toBe('/activitystreams');
    await waitFor(() => expect(home.textContent).toContain('12'));
    const general = within(bar).getByRole('link', { name: /General/ });
    expect(general.textContent).toContain('4');
    expect(general.getAttribute('data-active')).toBe('true');
    expect(within(bar).getByRole('link', { name: /News/ }).getAttribute('href')).toBe(`/activitystreams/${NEWS.slug}`);
    const engineering = within(bar).getByRole('link', { name: /Engineering/ });
    expect(engineering.getAttribute('href')).toBe('/groups/engineering/activitystreams');
    expect(engineering.textContent).toContain('99+');
    // The categories' headings: network streams first.
    expect(within(bar).getByText('Network streams')).toBeTruthy();
    expect(within(bar).getByText('Teams')).toBeTruthy();
  });
});
