/**
 * The Leaflet map itself. Client-only: it is loaded lazily by ./map.tsx (React.lazy behind ClientOnly),
 * so Leaflet, its CSS and its images are never part of the first page load nor of the server render.
 */
import L from "leaflet";
import iconUrl from "leaflet/dist/images/marker-icon.png";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import shadowUrl from "leaflet/dist/images/marker-shadow.png";
import "leaflet/dist/leaflet.css";
import "./map.css";
import { useEffect, useMemo } from "react";
import { MapContainer, Marker, TileLayer, useMap } from "react-leaflet";
import type { MapMarker, MapViewProps } from "./map-types";
import { OfflineBasemap } from "./offline-basemap.client";

// Leaflet guesses its image path from its CSS, which a bundler breaks: give it the bundled images.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

/** Fits the view to every marker whenever the set of markers changes (the list map). */
function FitBounds({ markers, maxZoom }: { markers: MapMarker[]; maxZoom: number }) {
  const map = useMap();
  const key = markers.map((m) => `${m.id}:${m.lat},${m.lng}`).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the markers
  useEffect(() => {
    if (markers.length === 0) return;
    if (markers.length === 1) {
      map.setView([markers[0].lat, markers[0].lng], maxZoom);
      return;
    }
    map.fitBounds(L.latLngBounds(markers.map((m) => [m.lat, m.lng] as [number, number])), {
      padding: [24, 24],
      maxZoom,
    });
  }, [map, key, maxZoom]);
  return null;
}

export default function LeafletMap({
  markers,
  center,
  zoom = 16,
  fitBounds = false,
  maxFitZoom = 15,
  tileUrl,
  attribution,
  onMarkerClick,
  label,
  className = "h-80 w-full",
}: MapViewProps) {
  const initialCenter = useMemo<[number, number]>(
    () => center ?? (markers[0] ? [markers[0].lat, markers[0].lng] : [39.5, -98.35]),
    [center, markers],
  );
  return (
    // `isolate` (plus relative z-0) makes the map its own stacking context: Leaflet's panes (z-index 200-700)
    // stay inside it and can never be drawn over a dialog, a menu or the phone's navigation (issue 43).
    <section aria-label={label} className={`relative isolate z-0 ${className}`}>
      <MapContainer
        center={initialCenter}
        zoom={zoom}
        scrollWheelZoom={false}
        className={`h-full w-full rounded-lg ${tileUrl ? "" : "offline-basemap"}`}
      >
        {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} /> : <OfflineBasemap />}
        {markers.map((m) => (
          <Marker
            key={m.id}
            position={[m.lat, m.lng]}
            title={m.label}
            alt={m.label}
            eventHandlers={onMarkerClick ? { click: () => onMarkerClick(m) } : undefined}
          />
        ))}
        {fitBounds ? <FitBounds markers={markers} maxZoom={maxFitZoom} /> : null}
      </MapContainer>
    </section>
  );
}
