import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { TimeZoneSelect } from './time-zone-select.tsx';
import { browserTimeZone, timeZoneLabel } from './time-zones.ts';
import { axeViolations, renderUi } from './testing.tsx';

function Field({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <TimeZoneSelect value={value} onChange={setValue} />
      <output>{value ?? 'none'}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Zeitzone' }) as HTMLInputElement;

describe('TimeZoneSelect', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it("starts with the browser's zone", async () => {
    renderUi(<Field />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(browserTimeZone()));
    expect(input().value).toBe(timeZoneLabel(browserTimeZone()));
  });

  it('finds zones by name, without Etc/ and all-uppercase entries', async () => {
    renderUi(<Field initial="Europe/Berlin" />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'New York' } });
    fireEvent.click(await screen.findByRole('option', { name: 'America/New York' }));
    expect(screen.getByRole('status').textContent).toBe('America/New_York');

    fireEvent.change(input(), { target: { value: 'GMT' } });
    await waitFor(() => expect(screen.queryAllByRole('option')).toEqual([]));
    fireEvent.change(input(), { target: { value: 'Etc' } });
    expect(screen.queryAllByRole('option').filter((o) => o.textContent?.startsWith('Etc/'))).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('still shows a stored zone that the list leaves out', () => {
    renderUi(<Field initial="UTC" />);
    expect(input().value).toBe('UTC');
  });
});
