import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNominatimGeocoder } from './geocoder.ts';

const ADDRESS = { street: 'Musterstraße', number: '1', zip: '10115', city: 'Berlin', country: 'Deutschland' };

let server: Server;
let url: string;
let reply: (response: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((_request, response) => reply(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (status: number, body: unknown) => (response: ServerResponse) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('the Nominatim geocoder', () => {
  const geocoder = () => createNominatimGeocoder({ url, userAgent: 'test', timeoutMs: 300, minIntervalMs: 0 });

  it('answers the first place found, or not found for an empty list', async () => {
    reply = json(200, [
      { lat: '52.5', lon: '13.4' },
      { lat: '1', lon: '1' },
    ]);
    expect(await geocoder().geocode(ADDRESS)).toEqual({ status: 'found', latitude: 52.5, longitude: 13.4 });
    reply = json(200, []);
    expect(await geocoder().geocode(ADDRESS)).toEqual({ status: 'not_found' });
  });

  it('fails on an error status, an answer that is no list of coordinates, and a request that takes too long', async () => {
    reply = json(429, { error: 'slow down' });
    await expect(geocoder().geocode(ADDRESS)).rejects.toThrow('429');
    reply = json(200, { lat: 1 });
    await expect(geocoder().geocode(ADDRESS)).rejects.toThrow('no list');
    reply = json(200, [{ lat: 'north', lon: '13' }]);
    await expect(geocoder().geocode(ADDRESS)).rejects.toThrow('no coordinates');
    reply = () => {}; // never answers
    const started = Date.now();
    await expect(geocoder().geocode(ADDRESS)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
