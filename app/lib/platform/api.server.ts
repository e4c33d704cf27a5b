import { data, redirect } from "react-router";
import type { z } from "zod";
import { ApiError as ApiErrorAnswer } from "../../../contract/common";
import { type Endpoint, endpoints, type HttpMethod } from "../../../contract/endpoints";
import type { User } from "../../../contract/user";
import { isoDay } from "../format/dates";
import { config } from "./config.server";
import { loginUrlFor } from "./request-url";
import type { MemberSession } from "./session.server";
import { isFreeTrial, isTrialExpired, shellMember, type TrialExpiredBody } from "./trial";
import { requestJson, UnreadableAnswerError, type UpstreamAnswer } from "./upstream-http.server";

/** A 4xx answer from the API that a screen may want to show: its message, and per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** The message of a refusal whose answer said nothing readable. */
export const GENERIC_API_MESSAGE = "The request could not be completed.";

export type UpstreamFailureBody = { upstreamFailure: true; title: string; message: string };

/** The API is down, slow, failing or answering nonsense: the member gets a friendly 502/503/504 page. */
function upstreamFailure(status: 502 | 503 | 504, message: string) {
  const title = status === 504 ? "The service is taking too long" : "The service is unavailable";
  return data<UpstreamFailureBody>({ upstreamFailure: true, title, message }, { status });
}

/**
 * The words of a failure page while a charge whose answer was lost is being confirmed (decision 138): the
 * member must not read "try again" then, whatever page fails.
 */
export const WHILE_CONFIRMING =
  "The service is not answering right now, so we cannot confirm your payment or sign-up yet. You will not be charged twice: reload this page in a moment to see the result.";

/**
 * The upstream failures of calls that never left: the connection was refused (or the API's address did not
 * resolve), or the request's budget was spent before the call. Nothing reached the API: a write made nothing.
 */
const neverSent = new WeakSet<object>();

/** Whether `error` is an upstream failure of a call that never reached the API (see neverSent). */
export function reachedNoApi(error: unknown): boolean {
  return typeof error === "object" && error !== null && neverSent.has(error);
}

/** Codes of a connection that never opened: the request was not sent. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

/** The message to show when `error` is an upstream failure thrown by the client, otherwise null. */
export function upstreamFailureMessage(error: unknown): string | null {
  const body = (error as { data?: Partial<UpstreamFailureBody> } | null)?.data;
  return body?.upstreamFailure ? (body.message ?? null) : null;
}

/** What a call of `endpoint` takes: its path parameters, its query and its body, typed by the table's entry. */
type CallArgs<E extends Endpoint> = (Parameters<E["path"]> extends []
  ? { params?: undefined }
  : { params: Parameters<E["path"]>[0] }) &
  (E extends { body: z.ZodType } ? { body: z.input<E["body"]> } : { body?: undefined }) &
  (E extends { query: z.ZodType } ? { query?: z.input<E["query"]> } : { query?: undefined }) & {
    /** A shorter limit for this one call (a lookup the page can do without); never beyond the request's deadline. */
    timeoutMs?: number;
  } & (E["pattern"] extends "Login"
    ? {
        /**
         * The member's known browser for this account (the device cookie's id, decision 079): the API's login
         * limit counts its failures against it alone, as the app's does (decision 105).
         */
        device?: string | null;
      }
    : { device?: undefined }) &
  (E["method"] extends "GET"
    ? {
        extendDeadline?: undefined;
        /**
         * Ask the API again even if this request has read it already (the answer replaces the shared one): for a
         * read another call of this request may have changed, such as the member after a project is opened.
         */
        fresh?: boolean;
      }
    : {
        /**
         * A write that must not be cut off half-way gets a whole UPSTREAM_TIMEOUT_MS of its own, and the request's
         * deadline moves to its end. Only with the reason, written in docs/decisions/078-one-deadline-per-request.md.
         */
        extendDeadline?: DeadlineExtension;
      });

/** The writes allowed to extend the request's deadline, and why (docs/decisions/078-one-deadline-per-request.md). */
type DeadlineExtension = "charges a card";

/** The parsed answer of `endpoint`, or the raw streamed response of a file download. */
export type AnswerOf<E extends Endpoint> = E["answer"] extends z.ZodType ? z.infer<E["answer"]> : Response;

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;
type CallOptions = {
  query?: Query;
  body?: unknown;
  auth?: boolean;
  timeoutMs?: number;
  extendDeadline?: DeadlineExtension;
  device?: string | null;
};
/** A call as handed to a transport. */
type Transported = { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal };

function buildUrl(path: string, query?: Query) {
  const url = new URL(`${config.apiBaseUrl}/${path.replace(/^\/+/, "")}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(`${key}[]`, String(v));
    else url.searchParams.set(key, String(value));
  }
  return url;
}

/**
 * The provider API as this request's member sees it. Every call is bounded by the request's own abort signal and
 * by the request's one deadline: all the calls of a request (a page's loaders, an action and the loaders after
 * it) share UPSTREAM_TIMEOUT_MS, in series or in parallel, so a hung API costs one timeout, never one per call
 * (docs/decisions/078-one-deadline-per-request.md). A POST is never retried; the token never leaves this module's
 * headers.
 */
export class ApiClient {
  /**
   * The JSON answers of GET calls already made in this request, by path, query and token use: the root loader
   * and a route's loader that both read the member (Users/Me) make one call. Any write forgets them all, before
   * and after it, so a page rendered after a mutation never shows what was read before it.
   */
  private readonly reads = new Map<string, Promise<unknown>>();

  /** When this request's budget for API calls runs out (ms, performance.now()), and its signal once asked for. */
  private endsAt: number;
  private budget: { endsAt: number; signal: AbortSignal } | null = null;
  /** Whether the page after this request's action has had its budget (budgetForThePageAfter). */
  private pageBudgetGiven = false;

  /**
   * A form post without JavaScript is answered by its action and, in the same request, the page's loaders: the
   * form again, with what was typed and the message, needs the page's reads. So once per post, when the action's
   * first call other than a GET has ended (however it ended), the calls after it get a whole UPSTREAM_TIMEOUT_MS
   * of their own: a post costs at most two timeouts, its action's and its page's, as with JavaScript (where the
   * page is read again in a request of its own). Decision 078.
   */
  private budgetForThePageAfter() {
    if (this.pageBudgetGiven || this.request.method === "GET" || this.request.method === "HEAD") return;
    this.pageBudgetGiven = true;
    this.endsAt = Math.max(this.endsAt, performance.now() + config.upstreamTimeoutMs);
  }

  constructor(
    private readonly request: Request,
    private readonly session: MemberSession,
    /**
     * The address of the client this request serves (requestInfoContext), for the limits of lookups made through
     * the API on the client's behalf (promo codes: fetchPrice in app/lib/billing/pricing.server.ts), and forwarded to
     * the API for the limits of its public calls.
     */
    readonly clientAddress: string | null = null,
  ) {
    this.endsAt = performance.now() + config.upstreamTimeoutMs;
  }

  /**
   * Aborts when this request's budget for upstream calls is spent (a TimeoutError). Other services a page reads
   * (the help content site) are bounded by it too.
   */
  get deadline(): AbortSignal {
    if (this.budget?.endsAt !== this.endsAt) {
      this.budget = {
        endsAt: this.endsAt,
        signal: timeoutSignal(Math.max(0, this.endsAt - performance.now()), config.upstreamTimeoutMs),
      };
    }
    return this.budget.signal;
  }

  /**
   * One call of the endpoint table (contract/endpoints.ts), the only place an API path is spelled:
   * `api.call(endpoints.project, { params: { id } })`. A JSON answer is checked against the entry's schema;
   * a file download answers the raw response, checked for its status only. Public calls carry no token.
   */
  call<E extends Endpoint>(
    endpoint: E,
    ...[args]: object extends CallArgs<E> ? [CallArgs<E>?] : [CallArgs<E>]
  ): Promise<AnswerOf<E>> {
    const { params, body, query, timeoutMs, extendDeadline, fresh, device } = (args ?? {}) as {
      params?: never;
      body?: unknown;
      query?: Query;
      timeoutMs?: number;
      extendDeadline?: DeadlineExtension;
      fresh?: boolean;
      device?: string | null;
    };
    const path = endpoint.path(params as never);
    if (extendDeadline && (endpoint.method === "GET" || this.request.method === "GET")) {
      throw new Error("Only a write made by an action may extend the request's deadline.");
    }
    const options: CallOptions = {
      body,
      query,
      timeoutMs,
      extendDeadline,
      device,
      auth: endpoint.public ? false : undefined,
    };
    if (!("parse" in endpoint.answer)) {
      return this.stream(endpoint.method, path, options) as Promise<AnswerOf<E>>;
    }
    if (endpoint.method !== "GET") {
      this.reads.clear();
      const written = this.sendChecked(endpoint.method, path, endpoint.answer, options);
      return written.finally(() => {
        this.reads.clear();
        this.budgetForThePageAfter();
      }) as Promise<AnswerOf<E>>;
    }
    const key = readKey(path, query, options.auth !== false);
    let answer = fresh ? undefined : this.reads.get(key);
    if (!answer) {
      answer = this.sendChecked(endpoint.method, path, endpoint.answer, options);
      this.reads.set(key, answer);
    }
    return answer as Promise<AnswerOf<E>>;
  }

  /** A streamed call (CSV download): the raw upstream response (fetch's), checked for status only. */
  private async stream(method: HttpMethod, path: string, options: CallOptions): Promise<Response> {
    const response = await this.send(method, path, options, (url, init) =>
      fetch(url, { method: init.method, headers: init.headers, body: init.body, signal: init.signal }),
    );
    if (!response.ok) await this.fail(response, path, options);
    return response;
  }

  private async sendChecked<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    options: CallOptions,
  ): Promise<z.infer<S>> {
    const response = await this.send(method, path, options, requestJson);
    if (!response.ok) await this.fail(response, path, options);
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      logCall(method, path, response.status, "answer is not JSON");
      throw this.failure(502, "The service sent an answer we could not read. Please try again shortly.");
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ");
      logCall(method, path, response.status, `answer does not match the contract (${where})`);
      throw this.failure(502, "The service sent an answer we could not read. Please try again shortly.");
    }
    return parsed.data;
  }

  /** One call through `transport`, bounded by the member's request and the timeout; failures become pages. */
  private async send<A extends UpstreamAnswer>(
    method: string,
    path: string,
    options: CallOptions,
    transport: (url: URL, init: Transported) => Promise<A>,
  ): Promise<A> {
    const headers: Record<string, string> = { Accept: "application/json" };
    // The member's address, which the API's limits of its public calls count (decision 105); it believes this
    // header from the app's address only (UPSTREAM_TRUSTED_PROXIES, loopback by default).
    if (this.clientAddress) headers["X-Forwarded-For"] = this.clientAddress;
    if (options.device) headers["X-Login-Device"] = options.device;
    const useAuth = options.auth !== false;
    if (useAuth) {
      const token = this.session.token;
      if (!token) throw this.toLogin();
      headers.Authorization = `Bearer ${token}`;
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    const started = performance.now();
    if (options.extendDeadline) this.endsAt = Math.max(this.endsAt, started + config.upstreamTimeoutMs);
    const deadline = this.deadline;
    const left = Math.max(0, Math.round(this.endsAt - started));
    // A shorter limit of the call's own, when it asks for one within what is left.
    const own =
      options.timeoutMs !== undefined && options.timeoutMs < left ? timeoutSignal(options.timeoutMs) : null;
    const timeout = own ? AbortSignal.any([deadline, own]) : deadline;
    const signal = AbortSignal.any([this.request.signal, timeout]);
    try {
      // The request's budget is spent: the call fails as a timeout would, without reaching the API.
      if (deadline.aborted) throw deadline.reason;
      const response = await transport(buildUrl(path, options.query), { method, headers, body, signal });
      if (!response.ok || performance.now() - started > 1000) {
        logCall(method, path, response.status, `${Math.round(performance.now() - started)} ms`);
      }
      return response;
    } catch (error) {
      const name = (error as Error)?.name;
      if (timeout.aborted || name === "TimeoutError") {
        const note = own?.aborted
          ? `timed out after ${options.timeoutMs} ms`
          : left === 0
            ? `not sent: the request's ${config.upstreamTimeoutMs} ms for API calls were spent`
            : `timed out: the request's ${config.upstreamTimeoutMs} ms for API calls are spent`;
        logCall(method, path, 0, note);
        const failure = this.failure(
          504,
          "The service did not answer in time. Please try again in a moment.",
        );
        if (left === 0) neverSent.add(failure);
        throw failure;
      }
      if (this.request.signal.aborted) throw error; // the member went away: nothing to render
      if (error instanceof UnreadableAnswerError) {
        logCall(method, path, 0, `answer ${error.message}`);
        throw this.failure(502, "The service sent an answer we could not read. Please try again shortly.");
      }
      logCall(method, path, 0, `unreachable (${name})`);
      const failure = this.failure(
        503,
        "We cannot reach the service right now. Please try again in a moment.",
      );
      if (NOT_CONNECTED.has((error as NodeJS.ErrnoException)?.code ?? "")) neverSent.add(failure);
      throw failure;
    }
  }

  private async fail(response: UpstreamAnswer, path: string, options: CallOptions): Promise<never> {
    if (response.status === 401 && options.auth !== false) throw this.toLogin();
    if (response.status >= 500) {
      throw this.failure(502, "The service ran into a problem. Please try again in a moment.");
    }
    let message = GENERIC_API_MESSAGE;
    let fieldErrors: Record<string, string[]> = {};
    try {
      const parsed = ApiErrorAnswer.safeParse(await response.json());
      if (parsed.success) {
        message = parsed.data.message;
        fieldErrors = parsed.data.errors ?? {};
      }
    } catch {
      // a 4xx without a JSON body keeps the generic message
    }
    if (response.status === 403 && options.auth !== false && path !== endpoints.me.path()) {
      const over = await this.trialIsOver();
      if (over) throw trialExpiredResponse(over);
    }
    throw new ApiRequestError(response.status, message, fieldErrors);
  }

  /**
   * Whether a refusal (403) came because the member's free trial is used up: another tab spent the last report,
   * or the trial ended while the page was open. Then the refusal is the trial-expired dialog wherever it arrives
   * (a loader, an action, a fetcher), never an error page. The member is read again for it, unless this request
   * already knows them to be no trial member.
   */
  private async trialIsOver(): Promise<User | null> {
    const read = this.reads.get(readKey(endpoints.me.path())) as Promise<{ data: User }> | undefined;
    const before = read ? await read.catch(() => null) : null;
    if (before && !isFreeTrial(before.data)) return null;
    const now = await this.call(endpoints.me, { fresh: true }).catch(() => null);
    return now && isTrialExpired(now.data, isoDay(new Date())) ? now.data : null;
  }

  /** An upstream failure, told without "try again" while this browser waits to hear of a charge. */
  private failure(status: 502 | 503 | 504, message: string) {
    return upstreamFailure(status, this.session.hasLateCharge() ? WHILE_CONFIRMING : message);
  }

  /** A 401 ends the session and sends the member to the login page, back here afterwards. */
  private toLogin() {
    this.session.destroy();
    return redirect(loginUrlFor(this.request));
  }
}

/**
 * Like AbortSignal.timeout(ms), but held by its own timer: Node 20 may garbage-collect an
 * AbortSignal.timeout() that only AbortSignal.any() refers to, and then it never fires (found by the
 * fault suite: calls to a silent API hung until the API gave up, instead of failing after the timeout).
 * The timer is not cleared when the answer arrives, so that it also bounds reading the body; it is unref'd.
 */
function timeoutSignal(ms: number, budgetMs = ms): AbortSignal {
  const controller = new AbortController();
  const reason = () => new DOMException(`The API did not answer within ${budgetMs} ms`, "TimeoutError");
  if (ms <= 0) {
    controller.abort(reason());
    return controller.signal;
  }
  const timer = setTimeout(() => controller.abort(reason()), ms);
  timer.unref?.();
  return controller.signal;
}

/** The read cache's key of a GET call. */
function readKey(path: string, query?: Query, auth = true) {
  return JSON.stringify([path, query ?? null, auth]);
}

/**
 * What a request stopped for a free trial that is over answers (403): no member data, only what the blocking page
 * and its shell need. The root error boundary, and every screen's, render it as the trial-expired dialog inside the
 * app shell.
 */
export function trialExpiredResponse(member: User | null) {
  const shell = member
    ? {
        member: shellMember(member),
        marketingSiteUrl: config.marketingSiteUrl,
        supportPhone: config.supportPhone,
        videoChannelUrl: config.videoChannelUrl,
      }
    : null;
  return data<TrialExpiredBody>(
    { trialExpired: true, demoSchedulingUrl: config.demoSchedulingUrl, shell },
    { status: 403, headers: { "Cache-Control": "no-store" } },
  );
}

function logCall(method: string, path: string, status: number, note: string) {
  // Path only: query strings may carry search text; tokens and bodies are never logged.
  console.warn(`[api] ${method} /${path.split("?")[0]} → ${status || "no answer"}: ${note}`);
}
