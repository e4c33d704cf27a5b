/**
 * The map's background when no tile server is configured (MAP_TILE_URL unset, the default): the land, state
 * outlines and, from zoom 7 on, county outlines, from the us-atlas data package (US Census Bureau cartographic
 * boundaries), served as hashed assets from our own origin and drawn by Leaflet as vector layers. The counties
 * (about a quarter megabyte compressed) load only when a member zooms in that far.
 */
import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countiesUrl from "us-atlas/counties-10m.json?url";
import statesUrl from "us-atlas/states-10m.json?url";

/** The zoom from which the county outlines are drawn. */
const COUNTY_ZOOM = 7;

const LAND: L.PathOptions = { stroke: false, fillColor: "#f8fafc", fillOpacity: 1, interactive: false };
const STATE_LINES: L.PathOptions = { color: "#94a3b8", weight: 1, fill: false, interactive: false };
const COUNTY_LINES: L.PathOptions = { color: "#cbd5e1", weight: 0.6, fill: false, interactive: false };

type Atlas = Topology<{
  nation: GeometryCollection;
  states: GeometryCollection;
  counties?: GeometryCollection;
}>;

const atlases = new Map<string, Promise<Atlas>>();
/** Each file once per page, whatever the number of maps. */
function loadAtlas(url: string): Promise<Atlas> {
  let pending = atlases.get(url);
  if (!pending) {
    pending = fetch(url).then((res) => {
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return res.json() as Promise<Atlas>;
    });
    pending.catch(() => atlases.delete(url));
    atlases.set(url, pending);
  }
  return pending;
}

/** Draws the offline basemap under the markers of the map it is placed in. */
export function OfflineBasemap() {
  const map = useMap();
  useEffect(() => {
    let alive = true;
    const pane = map.createPane("basemap");
    pane.style.zIndex = "200";
    const drawn: L.Layer[] = [];
    let counties: L.Layer | null = null;
    const add = (layer: L.Layer) => {
      if (!alive) return;
      layer.addTo(map);
      drawn.push(layer);
    };

    loadAtlas(statesUrl)
      .then((us) => {
        add(
          L.geoJSON(feature(us, us.objects.nation), {
            style: LAND,
            pane: "basemap",
            attribution: "Outlines: U.S. Census Bureau (us-atlas)",
          }),
        );
        add(
          L.geoJSON(
            mesh(us, us.objects.states, (a, b) => a !== b),
            { style: STATE_LINES, pane: "basemap" },
          ),
        );
      })
      .catch(() => {
        // Without its outlines the map still shows its markers on the plain background.
      });

    const showCounties = () => {
      if (map.getZoom() < COUNTY_ZOOM) {
        counties?.remove();
        return;
      }
      if (counties) {
        if (!map.hasLayer(counties)) counties.addTo(map);
        return;
      }
      loadAtlas(countiesUrl)
        .then((us) => {
          if (!alive || counties || !us.objects.counties) return;
          counties = L.geoJSON(
            mesh(
              us,
              us.objects.counties,
              (a, b) => a !== b && (a.id as string).slice(0, 2) === (b.id as string).slice(0, 2),
            ),
            { style: COUNTY_LINES, pane: "basemap" },
          );
          if (map.getZoom() >= COUNTY_ZOOM) counties.addTo(map);
        })
        .catch(() => {});
    };
    map.on("zoomend", showCounties);
    showCounties();
    return () => {
      alive = false;
      map.off("zoomend", showCounties);
      for (const layer of drawn) layer.remove();
      counties?.remove();
    };
  }, [map]);
  return null;
}
