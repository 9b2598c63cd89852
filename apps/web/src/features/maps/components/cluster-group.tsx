import { createPathComponent } from '@react-leaflet/core';
import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import type { ReactNode } from 'react';
import classes from './map.module.css';

/** A cluster in the markers' colour, sized by how many it holds. */
function clusterIcon(cluster: L.MarkerCluster) {
  const count = cluster.getChildCount();
  const size = count < 10 ? 34 : count < 100 ? 40 : 46;
  return L.divIcon({ className: `marker-cluster ${classes.cluster}`, html: String(count), iconSize: [size, size] });
}

/** Markers inside are grouped into numbered clusters where they crowd, until zoomed in. */
export const ClusterGroup = createPathComponent<L.MarkerClusterGroup, { children?: ReactNode }>(
  ({ children: _children, ...options }, context) => {
    const group = new L.MarkerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 50,
      iconCreateFunction: clusterIcon,
      ...options,
    });
    return { instance: group, context: { ...context, layerContainer: group } };
  },
);
