export { createMapsService, type MapsService, type MapScope } from './service.ts';
export { createNominatimGeocoder, type Geocoder, type GeocodeResult } from './geocoder.ts';
export { GEOCODE_QUEUE, type GeocodeJob } from './geocoding.ts';
export { tileServerSource } from './tile-source.ts';
