/**
 * loadDetail: a detail screen's entity and what goes with it, as one of three outcomes, or the 404 thrown through
 * the one error page's helper; detailData, its answer.
 */
import { describe, expect, it, vi } from "vitest";
import { detailData, loadDetail } from "../../app/lib/detail/load-detail.server";
import { ApiRequestError } from "../../app/lib/platform/api.server";

const missing = { title: "Thing not found", message: "No such thing." };

/** What a load threw: the status and body of the error answer, or the error itself. */
async function thrown(pending: Promise<unknown>) {
  try {
    await pending;
  } catch (error) {
    if (error && typeof error === "object" && "init" in error && "data" in error) {
      const answer = error as { data: unknown; init: ResponseInit | null };
      return { status: answer.init?.status, data: answer.data };
    }
    return error;
  }
  throw new Error("nothing was thrown");
}

type Entity = { id: number; name: string };
const entity: Entity = { id: 7, name: "Acme" };
const refused = (status: number, message = "Refused.") =>
  Promise.reject(new ApiRequestError(status, message));

/** A load that shows the entity with one more call made alongside its read. */
const withNotes = async (read: Promise<Entity>) => {
  const [found, notes] = await Promise.all([read, Promise.resolve(["a note"])]);
  return { entity: found, notes };
};

describe("loadDetail", () => {
  it("found: what load returns, load handed the read as it starts and the id", async () => {
    let resolveRead: (e: Entity) => void = () => {};
    const read = vi.fn(() => new Promise<Entity>((resolve) => (resolveRead = resolve)));
    const load = vi.fn(withNotes);
    const pending = loadDetail({ id: 7, read, load, refusal: "forbidden", missing });
    // The screen's other calls start before the entity's read has answered.
    expect(read).toHaveBeenCalledWith(7);
    expect(load).toHaveBeenCalledWith(expect.any(Promise), 7);
    resolveRead(entity);
    expect(await pending).toEqual({ outcome: "found", entity, notes: ["a note"] });
  });

  it("missing: an id that cannot be one (nothing is asked), or the API's 400, 404 or 422, thrown as a 404", async () => {
    const read = vi.fn(async () => entity);
    expect(await thrown(loadDetail({ id: null, read, load: withNotes, refusal: "locked", missing }))).toEqual(
      {
        status: 404,
        data: missing,
      },
    );
    expect(read).not.toHaveBeenCalled();
    for (const status of [400, 404, 422]) {
      const outcome = loadDetail({
        id: 7,
        read: () => refused(status),
        load: withNotes,
        refusal: "locked",
        missing: async () => missing,
      });
      expect(await thrown(outcome)).toEqual({ status: 404, data: missing });
    }
  });

  it("forbidden: the API's 403, in its own words unless the screen words it", async () => {
    const read = () => refused(403, "Your subscription does not include the company search.");
    expect(await loadDetail({ id: 7, read, load: withNotes, refusal: "forbidden", missing })).toEqual({
      outcome: "forbidden",
      message: "Your subscription does not include the company search.",
    });
    const worded = await loadDetail({
      id: 7,
      read,
      load: withNotes,
      refusal: "forbidden",
      missing,
      refusalMessage: () => "The company search is not part of your subscription.",
    });
    expect(worded).toEqual({
      outcome: "forbidden",
      message: "The company search is not part of your subscription.",
    });
  });

  it("locked: the API's 403 on a screen whose 403 means this entity is out of reach", async () => {
    const outcome = await loadDetail({
      id: 7,
      read: () => refused(403, "This project is outside the coverage of your subscription."),
      load: withNotes,
      refusal: "locked",
      missing,
      refusalMessage: (m) => (/coverage/i.test(m) ? m : "Your free trial is over."),
    });
    expect(outcome).toEqual({
      outcome: "locked",
      message: "This project is outside the coverage of your subscription.",
    });
  });

  it("throws any other failure of the read, and a failure of the rest once the read succeeded", async () => {
    const conflict = new ApiRequestError(409, "Conflict.");
    await expect(
      loadDetail({
        id: 7,
        read: () => Promise.reject(conflict),
        load: withNotes,
        refusal: "locked",
        missing,
      }),
    ).rejects.toBe(conflict);
    const redirect = new Response(null, { status: 302 });
    await expect(
      loadDetail({
        id: 7,
        read: () => Promise.reject(redirect),
        load: withNotes,
        refusal: "locked",
        missing,
      }),
    ).rejects.toBe(redirect);
    const notesFailed = new ApiRequestError(500, "Notes failed.");
    await expect(
      loadDetail({
        id: 7,
        read: async () => entity,
        load: async (read) => ({ entity: await read, notes: await Promise.reject(notesFailed) }),
        refusal: "locked",
        missing,
      }),
    ).rejects.toBe(notesFailed);
  });

  it("a failure of the rest after a failed read is the read's consequence: the outcome stands", async () => {
    const outcome = loadDetail({
      id: 7,
      read: () => refused(404),
      load: () => Promise.reject(new ApiRequestError(404, "No notes for a missing entity.")),
      refusal: "forbidden",
      missing,
    });
    expect(await thrown(outcome)).toEqual({ status: 404, data: missing });
  });
});

describe("detailData", () => {
  it("answers the outcome with where 'Back' leads, under its status, never cached", () => {
    const cases = [
      [{ outcome: "found" as const, entity }, 200],
      [{ outcome: "forbidden" as const, message: "No." }, 403],
      [{ outcome: "locked" as const, message: "No." }, 403],
    ] as const;
    for (const [outcome, status] of cases) {
      const answer = detailData(outcome, "/Projects?page=2");
      expect(answer.data).toEqual({ ...outcome, backHref: "/Projects?page=2" });
      expect(answer.init?.status).toBe(status);
      expect(new Headers(answer.init?.headers).get("Cache-Control")).toBe("no-store");
    }
  });
});
