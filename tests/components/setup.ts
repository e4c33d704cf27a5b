import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor give up after 5 s instead of 1 s: the machine that runs the suite may be busy (a lazy
// chunk such as Headless UI or the day picker is compiled on its first import).
configure({ asyncUtilTimeout: 5_000 });

// Each test renders into a fresh document.
afterEach(() => cleanup());
