/** A throwaway redis-server (Debian's package: apt-get install redis-server) on a free loopback port. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "./raw-http";

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";

export type RedisServer = { url: string; stop: () => Promise<void> };

export async function startRedis(): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`${REDIS_SERVER} is missing: sudo apt-get install -y redis-server (.ci/run installs it)`);
  }
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (/Ready to accept connections/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
