import type { MemberAddress } from '@agora/contracts';

/** What a geocoder found for an address. A geocoder that could not answer throws instead. */
export type GeocodeResult = { status: 'found'; latitude: number; longitude: number } | { status: 'not_found' };

/** Places addresses; pluggable, so that another service (or a test's) can stand in. */
export type Geocoder = { geocode(address: MemberAddress): Promise<GeocodeResult> };

export type NominatimOptions = {
  /** The service's base address, such as https://nominatim.openstreetmap.org. */
  url: string;
  /** Nominatim's usage policy asks every client to name itself. */
  userAgent: string;
  /** A request that takes longer counts as failed (and is tried again later). */
  timeoutMs?: number;
  /** At least this long between an answer and the next request (Nominatim's policy: one a second). */
  minIntervalMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A Nominatim-compatible geocoder (`/search` with a structured query, `format=jsonv2`). Requests
 * of this process queue behind each other, each `minIntervalMs` after the last answer.
 */
export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const minIntervalMs = options.minIntervalMs ?? 1000;
  let queue: Promise<unknown> = Promise.resolve();
  let nextStart = 0;

  async function request(address: MemberAddress): Promise<GeocodeResult> {
    const query = new URLSearchParams({ format: 'jsonv2', limit: '1' });
    const street = [address.number, address.street].filter(Boolean).join(' ');
    if (street) query.set('street', street);
    if (address.zip) query.set('postalcode', address.zip);
    if (address.city) query.set('city', address.city);
    if (address.country) query.set('country', address.country);
    const response = await fetch(`${options.url}/search?${query}`, {
      headers: { 'user-agent': options.userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`the geocoder answered ${response.status}`);
    const places: unknown = await response.json();
    if (!Array.isArray(places)) throw new Error('the geocoder answered no list');
    const first = places[0] as { lat?: unknown; lon?: unknown } | undefined;
    if (!first) return { status: 'not_found' };
    const latitude = Number(first.lat);
    const longitude = Number(first.lon);
    if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) {
      throw new Error('the geocoder answered no coordinates');
    }
    return { status: 'found', latitude, longitude };
  }

  return {
    geocode(address) {
      const run = queue.then(async () => {
        const wait = nextStart - Date.now();
        if (wait > 0) await sleep(wait);
        try {
          return await request(address);
        } finally {
          // Counted from the answer: a slow connection never brings two requests closer.
          nextStart = Date.now() + minIntervalMs;
        }
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}
