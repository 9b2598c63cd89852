import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/render.tsx';
import { FakeXhr } from '../../../ui/upload/fake-xhr.ts';
import { clearToasts, renderUi } from '../../../ui/testing.tsx';
import { InvitePage } from '../pages/invite-page.tsx';
import { groupWith, SETTINGS } from '../testing.ts';

function show() {
  stubFetch({
    'GET /api/v1/groups/engineering': { status: 200, body: groupWith({ invite_external: true }) },
    'GET /external_invites/settings': { status: 200, body: SETTINGS },
  });
  renderUi(
    <Routes>
      <Route path="/groups/:groupSlug/administration/invites/new" element={<InvitePage />} />
    </Routes>,
    { path: '/groups/engineering/administration/invites/new?tab=csv' },
  );
}

async function pick(file: File) {
  await screen.findByDisplayValue('Join us at Agora');
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

const csv = (name: string) => new File(['email;first_name;last_name\njuergen@example.org;Jürgen;Müller\n'], name);

describe('the CSV upload', () => {
  let restore: () => void;
  beforeEach(() => {
    clearToasts();
    restore = FakeXhr.install();
  });
  afterEach(() => restore());

  it('takes only .csv files, in the file picker and when chosen', async () => {
    show();
    await pick(csv('people.txt'));
    expect(await screen.findByText('Only .csv files can be uploaded.')).toBeTruthy();
    expect(document.querySelector('input[type="file"]')!.getAttribute('accept')).toBe('.csv,text/csv');
    fireEvent.click(screen.getByRole('button', { name: 'Upload and invite' }));
    expect(await screen.findByText('Please choose a CSV file.')).toBeTruthy();
    expect(FakeXhr.requests).toEqual([]);
  });

  it('uploads with the encoding, shows the progress, then the message and each row left out', async () => {
    show();
    await pick(csv('people.CSV'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload and invite' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const request = FakeXhr.requests[0]!;
    expect(request.url).toBe('/groups/engineering/external_invites');
    expect(request.body!.get('character_encoding')).toBe('ISO-8859-1');
    expect(request.body!.get('subject')).toBe('Join us at Agora');
    expect((request.body!.get('csv') as File).name).toBe('people.CSV');

    act(() => request.progress(40, 100));
    expect(screen.getByText('Uploading … 40 %')).toBeTruthy();

    act(() =>
      request.respond(200, {
        message: '1 invitation sent.',
        invited: 1,
        errors: [
          { row: 3, email: 'kaputt', error: 'invalid_email' },
          { row: 4, email: 'anna@example.org', error: 'taken' },
        ],
      }),
    );
    const result = await screen.findByTestId('invite-result');
    expect(result.getAttribute('role')).toBe('alert');
    expect(result.textContent).toContain('1 invitation sent.');
    expect(result.textContent).toContain('Row 3, kaputt: the address is not valid');
    expect(result.textContent).toContain('Row 4, anna@example.org: already a member of the network');
    expect(screen.queryByText(/Uploading/)).toBeNull();
  });

  it('puts a refused file on its field', async () => {
    show();
    await pick(csv('people.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload and invite' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    act(() => FakeXhr.requests[0]!.respond(422, { errors: { csv: ['too_large'] } }));
    expect(await screen.findByText('The file is too large: at most 10,000 rows and 2 MB.')).toBeTruthy();
  });
});
