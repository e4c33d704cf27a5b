export type MapMarker = {
  id: number | string;
  lat: number;
  lng: number;
  /** The marker's title and alternative text (the project's name or address). */
  label: string;
  /** Where a click on the marker leads (used by callers' onMarkerClick). */
  href?: string;
};

export type MapViewProps = {
  markers: MapMarker[];
  /** Initial centre; defaults to the first marker. */
  center?: [number, number];
  /** Initial zoom: 16 on the project detail, 1 on the search map. */
  zoom?: number;
  /** Fit the view to all markers whenever they change (the list map). */
  fitBounds?: boolean;
  maxFitZoom?: number;
  /** Tile URL template, {z}/{x}/{y}; empty: the offline basemap (offline-basemap.client.tsx). */
  tileUrl: string;
  attribution?: string;
  onMarkerClick?: (marker: MapMarker) => void;
  /** Accessible name of the map region. */
  label: string;
  className?: string;
};
