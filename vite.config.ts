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

// V8's explicit compile hint (decision 103): nearly all of the framework chunk's functions run during the first
// load, and compiled one by one as each was first called they lengthened hydration's tasks on a cold phone. With
// the hint V8 compiles them all as the file loads. After minification (`postBanner`), which drops comments.
const compileHint = (chunk: { name: string }) =>
  chunk.name === "framework" ? "//# allFunctionsCalledOnLoad" : "";

// The build that `npm run coverage` measures (BUILD_FOR_COVERAGE=1, decision 092): source maps and unminified
// code, so that V8's coverage of the browser's chunks and of the server bundle maps back to app/*.ts(x). Without
// the variable the build is the production one, byte for byte.
const forCoverage = process.env.BUILD_FOR_COVERAGE === "1" ? { sourcemap: true, minify: false } : {};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: isSsrBuild
    ? { ...forCoverage }
    : {
        ...forCoverage,
        rolldownOptions: { output: { codeSplitting: browserChunks, postBanner: compileHint } },
      },
}));
