import { ADDRESS_PROFILE_FIELD, type LatLng, type MemberAddress } from '@agora/contracts';
import type { DemoNetwork } from './demo-context.ts';

/** The network's own location: the office the map opens on. */
const NETWORK_LOCATION = { street: 'Musterstraße', number: '1', zip: '10115', city: 'Berlin', country: 'Deutschland' };

type DemoAddress = [member: number, street: string, number: string, zip: string, city: string, at: LatLng | null];

// Member indexes as in demo.ts. Streets and numbers are made up; the coordinates are near the
// cities' centres, so that the demo needs no geocoder. The last one is found by no geocoder.
const ADDRESSES: DemoAddress[] = [
  [0, 'Musterstraße', '1', '10115', 'Berlin', { latitude: 52.5321, longitude: 13.3849 }],
  [1, 'Lindenallee', '12', '10437', 'Berlin', { latitude: 52.5405, longitude: 13.4132 }],
  [2, 'Ringstraße', '8', '1010', 'Wien', { latitude: 48.2082, longitude: 16.3738 }],
  [3, 'Sendlinger Weg', '4', '80331', 'München', { latitude: 48.1351, longitude: 11.5761 }],
  [4, 'Domgasse', '3', '50667', 'Köln', { latitude: 50.9384, longitude: 6.9599 }],
  [5, 'Mainufer', '21', '60311', 'Frankfurt am Main', { latitude: 50.1109, longitude: 8.6821 }],
  [6, 'Isarweg', '17', '81541', 'München', { latitude: 48.1206, longitude: 11.5915 }],
  [7, 'Rheinstraße', '9', '40213', 'Düsseldorf', { latitude: 51.2254, longitude: 6.7763 }],
  [8, 'Neckarstraße', '30', '70173', 'Stuttgart', { latitude: 48.7784, longitude: 9.18 }],
  [9, 'Augustusplatz', '2', '04109', 'Leipzig', { latitude: 51.3397, longitude: 12.3731 }],
  [10, 'Elbufer', '5', '01067', 'Dresden', { latitude: 51.0504, longitude: 13.7373 }],
  [11, 'Maschstraße', '14', '30159', 'Hannover', { latitude: 52.3744, longitude: 9.7386 }],
  [12, 'Burgstraße', '6', '90403', 'Nürnberg', { latitude: 49.4521, longitude: 11.0767 }],
  [13, 'Schlachte', '11', '28195', 'Bremen', { latitude: 53.0758, longitude: 8.8072 }],
  [14, 'Kaiserstraße', '40', '76133', 'Karlsruhe', { latitude: 49.0094, longitude: 8.4044 }],
  [15, 'Marktplatz', '7', '48143', 'Münster', { latitude: 51.9625, longitude: 7.6256 }],
  [16, 'Friedrichstraße', '55', '10117', 'Berlin', { latitude: 52.5163, longitude: 13.3889 }],
  [17, 'Alsterweg', '2', '20095', 'Hamburg', { latitude: 53.5511, longitude: 9.9937 }],
  [18, 'Kastanienallee', '77', '10435', 'Berlin', { latitude: 52.5389, longitude: 13.4095 }],
  [19, 'Bergmannstraße', '20', '10961', 'Berlin', { latitude: 52.4895, longitude: 13.3933 }],
  [20, 'Sonnenallee', '101', '12045', 'Berlin', { latitude: 52.4794, longitude: 13.4441 }],
  [21, 'Schlossstraße', '3', '12163', 'Berlin', { latitude: 52.4597, longitude: 13.3227 }],
  [22, 'Jungfernstieg', '10', '20354', 'Hamburg', { latitude: 53.5534, longitude: 9.9921 }],
  [23, 'Elbchaussee', '150', '22763', 'Hamburg', { latitude: 53.5468, longitude: 9.9109 }],
  [24, 'Mühlenkamp', '33', '22303', 'Hamburg', { latitude: 53.5836, longitude: 10.0161 }],
  [26, 'Leopoldstraße', '44', '80802', 'München', { latitude: 48.1629, longitude: 11.5863 }],
  [27, 'Nymphenburger Straße', '90', '80636', 'München', { latitude: 48.1532, longitude: 11.5419 }],
  [25, 'Am Nirgendwo', '99', '99999', 'Nirgendwo', null],
];

/** The demo's maps: switched on, opening on the Berlin office; members' addresses with coordinates. */
export async function seedDemoMaps(demo: DemoNetwork): Promise<void> {
  const { services, network, memberships } = demo;
  await services.networks.updateSettings(network.id, {
    maps_enabled: true,
    show_map: true,
    map_scope_selection: 'poi',
    network_location: { ...NETWORK_LOCATION, state: '' },
    zoom_level: 6,
    map_theme: 'osm_bright',
  });
  const entries = ADDRESSES.map(([member, street, number, zip, city, at]) => ({
    membershipId: memberships[member]!.id,
    address: { street, number, zip, city, country: city === 'Wien' ? 'Österreich' : 'Deutschland' } as MemberAddress,
    location: at,
  }));
  await services.members.mergeProfileValues(
    network.id,
    entries.map((e) => ({ id: e.membershipId, values: { [ADDRESS_PROFILE_FIELD]: e.address } })),
  );
  await services.maps.storeLocations(network.id, [
    { membershipId: network.id, address: NETWORK_LOCATION, location: { latitude: 52.5321, longitude: 13.3849 } },
    ...entries,
  ]);
}
