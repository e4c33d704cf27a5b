import { LazyMap } from "~/components/map/map";
import type { LatLng } from "~/lib/search/geocode.server";
import type { Project } from "../../../contract/projects";

/**
 * The project's place on the Overview tab: a map once the browser is wide enough and the script is there;
 * before that (and without JavaScript) its address and coordinates as text.
 */
export function ProjectMap({
  project,
  point,
  address,
}: {
  project: Project;
  point: LatLng;
  address: string;
}) {
  const fallback = (
    <div className="flex h-80 flex-col justify-center gap-1 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{address}</p>
      <p>
        Latitude {point.lat.toFixed(5)}, longitude {point.lng.toFixed(5)}
      </p>
    </div>
  );
  return (
    <LazyMap
      markers={[{ id: project.id, lat: point.lat, lng: point.lng, label: project.title }]}
      center={[point.lat, point.lng]}
      zoom={16}
      label={`Map of ${address || project.title}`}
      className="h-80 w-full"
      minWidthQuery="(min-width: 64rem)"
      fallback={fallback}
    />
  );
}
