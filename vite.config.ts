import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The browser's chunks (decision 071): React, React DOM and React Router in one file, and the app's modules that
// four or more chunks share in another. Left to itself the bundler made 39 files of /Projects' first load,
// 20 of them under 1 KB, and each download the page starts costs the main thread a task after the first paint.
const browserChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
      priority: 20,
    },
    { name: "app", test: /[\\/]app[\\/](lib|components)[\\/]/, minShareCount: 4, priority: 10 },
  ],
};

// V8's explicit compile hint (decision 146): nearly all of the framework chunk's functions run during the first
// load, and compiled one by one as each was first called they lengthened hydration's tasks on a cold phone. With
// the hint V8 compiles them all as the file loads. After minification (`postBanner`), which drops comments.
const compileHint = (chunk: { name: string }) =>
  chunk.name === "framework" ? "//# allFunctionsCalledOnLoad" : "";

// The build that `npm run coverage` measures (BUILD_FOR_COVERAGE=1, decision 092): source maps and unminified
// code, so that V8's coverage of the browser's chunks and of the server bundle maps back to app/*.ts(x). Without
// the variable the build is the production one, byte for byte.
const forCoverage = process.env.BUILD_FOR_COVERAGE === "1" ? { sourcemap: true, minify: false } : {};

// The bundler's checks that say nothing about this code:
// - `bundlerTimings`: a note, on every build, that React Router's own plugin (its route-module compiler) takes most
//   of the build's JavaScript time. Nothing here can change that.
// - `ineffectiveDynamicImport`, on the server's build only: it loads every module at start, so a lazy part's
//   dynamic import (app/components/lazy-part.tsx) never splits anything there, whichever screen also imports the
//   module (the Contact Us form: the shell's dialog and the /ContactUs screen). The browser's build, where a lazy
//   part must stay out of the first load, keeps the check.
const checks = { bundlerTimings: false };

// One config for both builds (React Router's future.v8_viteEnvironmentApi): what only one of them does lives under
// `environments`.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { ...forCoverage, rolldownOptions: { checks } },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: browserChunks, postBanner: compileHint } } },
    },
    ssr: {
      build: { rolldownOptions: { checks: { ...checks, ineffectiveDynamicImport: false } } },
    },
  },
});
