import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { storageTestApp, uploadFile, type StorageTestApp } from '../../platform/storage/upload-test-support.ts';
import { createNetwork, signedInMember } from '../../testing/index.ts';

let t: StorageTestApp;
let networkId: string;
let admin: Record<string, string>;
let member: Record<string, string>;

beforeAll(async () => {
  t = await storageTestApp('disk');
  networkId = (await createNetwork(t.services, { name: 'Design Network' })).id;
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session.headers;
  member = (await signedInMember(t.app, t.services, networkId)).session.headers;
});
afterAll(() => t.close());

const design = {
  colors: {
    primary: '#7048e8',
    header_background: '#f3f0ff',
    header_text: '#212529',
    userbar_background: '#ffffff',
    userbar_text: '#212529',
  },
  logoType: 'extended',
  bannerType: 'color',
  fullWidth: true,
};

const put = (headers: Record<string, string>, theme: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/administration/design', headers, payload: { theme } });

describe('the network design', () => {
  it('answers 401 to anonymous requests', async () => {
    const response = await t.app.inject({
      url: '/api/v1/administration/design',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('is for network administrators only', async () => {
    expect((await t.app.inject({ url: '/api/v1/administration/design', headers: member })).statusCode).toBe(403);
    expect((await put(member, design)).statusCode).toBe(403);
  });

  it('refuses a colour that is no hex colour, and changes nothing', async () => {
    const response = await put(admin, { ...design, colors: { ...design.colors, primary: 'purple' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(['colors.primary']);
    const current = await t.app.inject({ url: '/api/v1/administration/design', headers: admin });
    expect(current.json().theme.colors.primary).not.toBe('purple');
  });

  it('saves the design as a whole, which the network shell then carries', async () => {
    const response = await put(admin, design);
    expect(response.statusCode).toBe(200);
    expect(response.json().theme).toMatchObject({ ...design, derivedColors: expect.any(Object) });
    const shell = await t.app.inject({ url: '/api/v1/network', headers: member });
    expect(shell.json().theme).toMatchObject({ colors: design.colors, logoType: 'extended', fullWidth: true });
  });
});

describe('the logo and favicon of the design', () => {
  const png = () =>
    sharp({ create: { width: 120, height: 40, channels: 3, background: '#7048e8' } })
      .png()
      .toBuffer();

  it('become the network’s own: shown to anonymous visitors once the design is saved', async () => {
    const upload = await uploadFile(t.app, admin, 'assets', 'logo.png', await png());
    expect(upload.statusCode).toBe(200);
    const { id } = upload.json();
    const preview = () => t.app.inject({ url: `/api/storage/assets/${id}/preview`, headers: { accept: 'image/png' } });
    expect((await preview()).statusCode).toBe(404);

    const saved = await put(admin, { ...design, logoImage: { id }, faviconImage: { id, extension: 'png' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().theme.logoImage).toEqual({ id });
    const shown = await preview();
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^image\//);
  });

  it('refuses another member’s upload, and changes nothing', async () => {
    const other = (await signedInMember(t.app, t.services, networkId)).session.headers;
    const { id } = (await uploadFile(t.app, other, 'assets', 'mine.png', await png())).json();
    const before = (await t.app.inject({ url: '/api/v1/administration/design', headers: admin })).json();
    const response = await put(admin, { ...design, logoImage: { id } });
    expect(response.statusCode).toBe(422);
    const after = (await t.app.inject({ url: '/api/v1/administration/design', headers: admin })).json();
    expect(after).toEqual(before);
  });
});
