import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { useMediaQuery } from "~/components/use-media-query";
import { useRootData } from "~/root-data";
import type { MapViewProps } from "./map-types";

export type { MapMarker, MapViewProps } from "./map-types";

const LeafletMap = lazy(() => import("./leaflet-map.client"));

/** The tile URL template from the public config (MAP_TILE_URL); empty for the offline basemap. */
function useMapTileUrl(): string {
  return useRootData()?.config.mapTileUrl ?? "";
}

/**
 * A Leaflet map loaded only in the browser and only when shown. The server (and a browser without
 * JavaScript, or while the chunk loads) renders `fallback`: the same places as text.
 * `minWidthQuery` keeps Leaflet from loading at all where the map is hidden (narrow screens).
 */
export function LazyMap({
  fallback,
  tileUrl,
  minWidthQuery,
  ...props
}: Omit<MapViewProps, "tileUrl"> & { fallback: React.ReactNode; tileUrl?: string; minWidthQuery?: string }) {
  const defaultTileUrl = useMapTileUrl();
  const wide = useMediaQuery(minWidthQuery ?? "all");
  return (
    <ClientOnly fallback={fallback}>
      {() =>
        wide ? (
          <Suspense fallback={fallback}>
            <LeafletMap {...props} tileUrl={tileUrl ?? defaultTileUrl} />
          </Suspense>
        ) : (
          fallback
        )
      }
    </ClientOnly>
  );
}
