/** How the browser tests start the app: the production server, as `npm start` and the Docker image do. */
import { join } from "node:path";
import { appHeapFlags } from "../../../scripts/app-heap";
import { ROOT } from "./env";

/** `node` arguments of the app server (server/index.ts on the build), with the production heap cap. */
export function appServerArgs(): string[] {
  return [...appHeapFlags(), "--import", "tsx", join(ROOT, "server", "index.ts")];
}
