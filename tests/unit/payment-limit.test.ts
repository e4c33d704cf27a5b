/** Card attempts (issue 25): five refused cards per payer and per client address an hour, then a wait. */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  beginCardAttempt,
  emailPayer,
  MAX_FAILED_CARDS_PER_HOUR,
  memberPayer,
} from "../../app/lib/billing/payment-limit.server";
import { requestInfoContext } from "../../app/lib/platform/contexts";

function from(clientAddress: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress, refusal: null });
  return context;
}

async function refusedCard(context: RouterContextProvider, payer: string) {
  const attempt = await beginCardAttempt(context, payer);
  if (attempt.allowed) await attempt.end("declined");
  return attempt.allowed;
}

describe("card attempts", () => {
  it("stop a payer after five refused cards, from any address, and say how long to wait", async () => {
    const payer = memberPayer(900_001);
    const results: boolean[] = [];
    for (let i = 0; i < MAX_FAILED_CARDS_PER_HOUR + 1; i++)
      results.push(await refusedCard(from(`10.9.0.${i}`), payer));
    expect(results).toEqual([true, true, true, true, true, false]);
    const sixth = await beginCardAttempt(from("10.9.1.1"), payer);
    expect(sixth.allowed).toBe(false);
    if (!sixth.allowed)
      expect(sixth.message).toBe("Too many declined card attempts. Please try again in 60 minutes.");
  });

  it("stop a client address after five refused cards, whoever pays", async () => {
    const client = from("10.9.2.1");
    const results: boolean[] = [];
    for (let i = 0; i < MAX_FAILED_CARDS_PER_HOUR + 1; i++)
      results.push(await refusedCard(client, emailPayer(`card${i}@example.test`)));
    expect(results).toEqual([true, true, true, true, true, false]);
  });

  it("count neither an approved card nor an attempt that charged nothing", async () => {
    const payer = emailPayer("good@example.test");
    const client = from("10.9.3.1");
    for (let i = 0; i < 20; i++) {
      const attempt = await beginCardAttempt(client, payer);
      expect(attempt.allowed).toBe(true);
      if (attempt.allowed) await attempt.end(i % 2 ? "approved" : "not-charged");
    }
  });
});
