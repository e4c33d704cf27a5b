import { createHash } from "node:crypto";
import { createCookieSessionStorage, type Session } from "react-router";
import { config } from "./config.server";
import { LruCache } from "./lru";
import { openToken, sealToken } from "./token-crypto.server";

export type Toast = {
  title: string;
  description?: string;
  autoClose?: boolean;
  kind?: "success" | "error" | "reset-done";
  /** A confirmation shown as a banner that leaves the page usable ('Folder saved'), not as a dialog. */
  banner?: boolean;
};

type SessionData = {
  token: string; // sealed API token
  issuedAt: number;
  lastSeen: number;
  nudgeShown: boolean;
  /** A trial member's remaining reports as last seen, and the page where they ran out (if it was just now). */
  trialReports: { remaining: number; ranOutOn: string | null };
  /**
   * A charge whose answer was lost (app/lib/billing/late-charge.server.ts), sealed as the token is: its key is a
   * sign-up's only credential, and it keeps the billing address typed.
   */
  lateCharge: string;
};
type FlashData = { toast: Toast; notice: string };

/**
 * API tokens of sessions logged out here (by fingerprint), for as long as a session may live. The cookie is
 * stateless: when the API's token revocation fails at logout, this is what keeps a copy of the old cookie from
 * working. Per process: behind several app processes the API's revocation remains the guarantee.
 */
const endedTokens = new LruCache<string, true>(50_000, config.sessionMaxMs);
const fingerprint = (token: string) => createHash("sha256").update(token).digest("base64url");

const storage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: config.cookieSecure ? "__Host-session" : "session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.cookieSecure,
    secrets: config.sessionSecrets,
    maxAge: Math.floor(config.sessionMaxMs / 1000),
  },
});

/** Touch the last-seen time at most this often, so most responses carry no Set-Cookie. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * The member's server-side session for one request. Routes change it through these methods only;
 * the session middleware writes the one resulting Set-Cookie header after the route has run.
 */
export class MemberSession {
  private state: "unchanged" | "changed" | "destroyed" = "unchanged";
  /** Set when a session existed but ran past its idle or absolute timeout. */
  readonly expired: boolean;

  private constructor(private session: Session<SessionData, FlashData>) {
    const now = Date.now();
    const sealed = session.get("token");
    const issuedAt = session.get("issuedAt") ?? 0;
    const lastSeen = session.get("lastSeen") ?? 0;
    this.expired = Boolean(
      sealed && (now - issuedAt > config.sessionMaxMs || now - lastSeen > config.sessionIdleMs),
    );
    if (this.expired) {
      this.session = session;
      this.clearLogin();
    } else if (sealed && now - lastSeen > LAST_SEEN_RESOLUTION_MS) {
      session.set("lastSeen", now);
      this.state = "changed";
    }
  }

  static async fromRequest(request: Request) {
    return new MemberSession(await storage.getSession(request.headers.get("Cookie")));
  }

  /** The sealed token last opened, and what it opened to: one AES-GCM decryption per request, not per call. */
  private opened: { sealed: string; token: string | null } | null = null;

  /** The API token, or null when logged out (or the sealed value does not open). */
  get token(): string | null {
    const sealed = this.session.get("token");
    if (!sealed) return null;
    if (this.opened?.sealed !== sealed) {
      const token = openToken(sealed, config.sessionSecrets);
      this.opened = { sealed, token: token && !endedTokens.has(fingerprint(token)) ? token : null };
    }
    return this.opened.token;
  }

  get isLoggedIn() {
    return this.token !== null;
  }

  /** Login always starts from an empty session: nothing from before survives. */
  async startFresh(token: string) {
    this.session = await storage.getSession();
    const now = Date.now();
    this.session.set("token", sealToken(token, config.sessionSecrets));
    this.session.set("issuedAt", now);
    this.session.set("lastSeen", now);
    this.state = "changed";
  }

  destroy() {
    const token = this.token;
    if (token) endedTokens.set(fingerprint(token), true);
    this.state = "destroyed";
  }

  private clearLogin() {
    this.session.unset("token");
    this.session.unset("issuedAt");
    this.session.unset("lastSeen");
    this.session.unset("nudgeShown");
    this.session.unset("trialReports");
    this.state = "changed";
  }

  flashToast(toast: Toast) {
    this.session.flash("toast", toast);
    this.state = "changed";
  }

  /** Whether a flash toast waits to be shown (or is being shown by this request), without consuming it. */
  hasPendingToast(): boolean {
    return this.session.has("toast") || this.takenToast !== null;
  }

  /** Reads (and so consumes) the flash toast. */
  takeToast(): Toast | null {
    const toast = this.session.get("toast") ?? null;
    if (toast) {
      this.takenToast = toast;
      this.state = "changed";
    }
    return toast;
  }

  /** The toast this request took: it still counts as pending for the other loaders of the same request. */
  private takenToast: Toast | null = null;

  /** The subscribe nudge shows once per login: true the first time it is asked. */
  takeNudgeTurn(): boolean {
    if (this.session.get("nudgeShown")) return false;
    this.session.set("nudgeShown", true);
    this.state = "changed";
    return true;
  }

  /**
   * The remaining-report count to treat as the one seen before this page (the trial-expired dialog
   * triggers when the count is 0 and stays 0, not on the change from 1 to 0). Kept in the
   * session so that it holds without JavaScript too: the page where the count ran out (the project that used
   * the last report) stays readable, reloads and mutations there included; the next page is blocked.
   */
  remainingReportsBefore(remaining: number, page: string): number | null {
    const seen = this.session.get("trialReports");
    const remember = (ranOutOn: string | null) => {
      if (seen?.remaining === remaining && seen.ranOutOn === ranOutOn) return;
      this.session.set("trialReports", { remaining, ranOutOn });
      this.state = "changed";
    };
    if (remaining <= 0 && seen && (seen.remaining > 0 || seen.ranOutOn === page)) {
      remember(page);
      return seen.remaining > 0 ? seen.remaining : 1;
    }
    remember(null);
    return seen?.remaining ?? null;
  }

  /** Whether this browser waits to hear about a charge whose answer was lost. */
  hasLateCharge(): boolean {
    return this.session.has("lateCharge");
  }

  /** The charge this browser waits to hear about (JSON, opened from its seal), or null. */
  lateCharge(): unknown {
    const sealed = this.session.get("lateCharge");
    const json = sealed ? openToken(sealed, config.sessionSecrets) : null;
    try {
      return json ? (JSON.parse(json) as unknown) : null;
    } catch {
      return null;
    }
  }

  setLateCharge(value: object) {
    this.session.set("lateCharge", sealToken(JSON.stringify(value), config.sessionSecrets));
    this.state = "changed";
  }

  clearLateCharge() {
    if (!this.session.has("lateCharge")) return;
    this.session.unset("lateCharge");
    this.state = "changed";
  }

  /** The Set-Cookie value this request must send, if any. A session left with nothing in it is removed. */
  async setCookieHeader(): Promise<string | null> {
    if (this.state === "destroyed") return storage.destroySession(this.session);
    if (this.state === "changed" && Object.keys(this.session.data).length === 0) {
      return storage.destroySession(this.session);
    }
    if (this.state === "changed") return storage.commitSession(this.session);
    return null;
  }
}
