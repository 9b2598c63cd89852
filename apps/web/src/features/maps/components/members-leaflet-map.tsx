import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { Link } from 'react-router';
import type { MapMarker, MembersMap } from '@agora/contracts';
import { ClusterGroup } from './cluster-group.tsx';
import classes from './map.module.css';

/** From this many markers on, crowded ones are grouped into clusters. */
export const CLUSTER_FROM = 25;

const MARKER_SIZE = 30;
/** As far as common tile servers go (street level). */
const MAX_ZOOM = 18;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The first letters of the first two words of a name. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join('');
}

function memberIcon(name: string) {
  return L.divIcon({
    className: classes.marker,
    html: escapeHtml(initials(name)),
    iconSize: [MARKER_SIZE, MARKER_SIZE],
    iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
    popupAnchor: [0, -MARKER_SIZE / 2],
  });
}

// A pin standing on the place, drawn under the members' markers so that those there stay readable.
const poiIcon = () =>
  L.divIcon({ className: classes.poi, html: '★', iconSize: [26, 26], iconAnchor: [13, 40], popupAnchor: [0, -40] });

type View =
  { center: [number, number]; zoom: number } | { bounds: L.LatLngBoundsExpression; boundsOptions: L.FitBoundsOptions };

/**
 * Where the map opens: the network's location at its zoom level on the network map that shows a
 * point of interest; else around the markers; else the network's location; else the world.
 */
export function initialView(map: MembersMap): View {
  const poi = map.point_of_interest;
  if (map.scope.type === 'network' && poi) return { center: [poi.latitude, poi.longitude], zoom: map.view.zoom };
  if (map.markers.length > 0) {
    return {
      bounds: map.markers.map((m) => [m.latitude, m.longitude] as [number, number]),
      boundsOptions: { padding: [32, 32], maxZoom: 12 },
    };
  }
  if (map.view.center) return { center: [map.view.center.latitude, map.view.center.longitude], zoom: map.view.zoom };
  return { center: [30, 10], zoom: 1 };
}

function MemberMarker({ member }: { member: MapMarker }) {
  const { t } = useTranslation('maps');
  const icon = useMemo(() => memberIcon(member.name), [member.name]);
  return (
    <Marker position={[member.latitude, member.longitude]} icon={icon} title={member.name} alt={member.name}>
      <Popup>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={member.images.small} name={member.name} alt="" aria-hidden radius="xl" size={36} />
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {member.name}
            </Text>
            <Anchor component={Link} to={member.path} size="sm">
              {t('open_profile')}
            </Anchor>
          </Stack>
        </Group>
      </Popup>
    </Marker>
  );
}

/** The Leaflet map: the tile layer (when there is a tile server), the members and the point of interest. */
export function MembersLeafletMap({ map }: { map: MembersMap }) {
  const { t } = useTranslation('maps');
  const view = initialView(map);
  const poi = map.point_of_interest;
  const markers = map.markers.map((member) => <MemberMarker key={member.id} member={member} />);
  return (
    // The zoom range is the map's own: the cluster layer needs it also without a tile layer.
    <MapContainer className={classes.map} {...view} minZoom={1} maxZoom={MAX_ZOOM} data-testid="members-map">
      {map.tiles && (
        <TileLayer url={map.tiles.url_template} attribution={escapeHtml(map.tiles.attribution)} maxZoom={MAX_ZOOM} />
      )}
      {poi && (
        <Marker
          position={[poi.latitude, poi.longitude]}
          icon={poiIcon()}
          zIndexOffset={-1000}
          title={t('point_of_interest', { name: poi.name })}
          alt={t('point_of_interest', { name: poi.name })}
        >
          <Popup>
            <Text fw={600} size="sm">
              {poi.name}
            </Text>
            <Text size="sm">{poi.address}</Text>
          </Popup>
        </Marker>
      )}
      {map.markers.length >= CLUSTER_FROM ? <ClusterGroup>{markers}</ClusterGroup> : markers}
    </MapContainer>
  );
}
