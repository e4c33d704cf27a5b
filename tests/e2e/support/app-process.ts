/** How the browser tests start the app: the production server, as `npm start` and the Docker image do. */
import { join } from "node:path";
import { appHeapFlags } from "../../../scripts/app-heap";
import { ROOT } from "./env";

/** `node` arguments of the app server (build/app-server.js, bundled from server/), with the production heap cap. */
export function appServerArgs(): string[] {
  return [...appHeapFlags(), join(ROOT, "build", "app-server.js")];
}
