/**
 * React Router's command line (`build`, `typegen`, `dev`) without the one warning it cannot help printing:
 * "The `envFile` option is deprecated, please use `envDir: false` instead." Vite prints it (since 8.1) each time
 * a server is created with `envFile: false`, and @react-router/dev 7.18.4, the last 7.x, creates three such
 * servers of its own (to load react-router.config.ts, and to read the route modules' exports) whose options no
 * config of ours reaches. React Router 8 passes `envDir: false` instead (remix-run/react-router#15230), but
 * needs Node 22. Delete this file, and call `react-router` again in package.json and scripts/start.ts, with
 * the upgrade to React Router 8. Every other message passes through.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const DEPRECATED_ENV_FILE = "The `envFile` option is deprecated, please use `envDir: false` instead.";
const warn = console.warn;
console.warn = (...args) => {
  if (args.length === 1 && String(args[0]).includes(DEPRECATED_ENV_FILE)) return;
  warn(...args);
};

// The package's own bin script (it reads its arguments from process.argv.slice(2), as this script receives them).
const require = createRequire(import.meta.url);
require(join(dirname(require.resolve("@react-router/dev/package.json")), "bin.js"));
