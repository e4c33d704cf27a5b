/**
 * Stopping the app server (SIGTERM, as a deployment does): the requests under way are answered, and then it exits
 * at once, without waiting out the keep-alive time of the connections they came on.
 */
import { Agent, request as httpRequest } from "node:http";
import { sessionFor } from "./support/fault-fixtures";
import { createMember, expect, httpOnly, test } from "./support/fixtures";
import { freePort } from "./support/raw-http";
import { SIDE_TIMEOUT_MS, startSideApp } from "./support/side-app";

test("a stop answers the request under way on a kept-alive connection, then exits at once", async ({
  browserName: _,
}, info) => {
  httpOnly(info);
  const side = await startSideApp(await freePort());
  const member = createMember();
  const cookie = await sessionFor(side.url, member.email);
  // The API hangs: the page's request is under way for the app's upstream timeout.
  await side.proxy.set("timeout");
  const agent = new Agent({ keepAlive: true });
  const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    httpRequest(`${side.url}/Notes`, { agent, headers: { Cookie: cookie, Accept: "text/html" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    })
      .on("error", reject)
      .end();
  });
  await new Promise((resolve) => setTimeout(resolve, SIDE_TIMEOUT_MS / 5));
  const started = Date.now();
  await side.stop();
  const stopped = Date.now() - started;
  agent.destroy();
  // The member gets the friendly timeout page, not a dropped connection...
  expect((await answer).status).toBe(504);
  // ...and the process is gone soon after (it waited out the 5 s keep-alive time before).
  expect(stopped).toBeLessThan(SIDE_TIMEOUT_MS + 1_500);
});
