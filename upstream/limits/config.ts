/**
 * The limits of the API's public calls: the app's limits of the same forms (decision 131, 079, 080; the app's
 * configuration, app/lib/platform/config.server.ts), under the same environment variables and with the same
 * defaults, so that `npm start` configures the pair once.
 */
export type AccountPolicy = {
  /** Counted attempts per account (e-mail address) before each further one has to wait. */
  delayAfter: number;
  /** The longest wait, in seconds. */
  maxDelaySeconds: number;
  /** Counted attempts per client in `windowSeconds`. */
  perClient: number;
  windowSeconds: number;
};

export type PublicCallLimits = {
  /** Login: failed password checks (per known device, per account, per client). */
  login: AccountPolicy;
  /** ForgotPassword and Register: every use (per e-mail address and per client). */
  publicForm: AccountPolicy;
  /** Declined or refused cards of Register per client per hour. */
  cardFailuresPerClientPerHour: number;
  /** Promo and discount codes that do not apply, per client per hour (Register/Price). */
  promoFailuresPerClientPerHour: number;
  /** Keys of the in-memory counters (without Redis). */
  memoryKeys: number;
};

export const DEFAULT_LIMITS: PublicCallLimits = {
  login: { delayAfter: 5, maxDelaySeconds: 900, perClient: 50, windowSeconds: 15 * 60 },
  publicForm: { delayAfter: 3, maxDelaySeconds: 3600, perClient: 20, windowSeconds: 3600 },
  cardFailuresPerClientPerHour: 5,
  promoFailuresPerClientPerHour: 10,
  memoryKeys: 100_000,
};

/** The limits as the environment sets them (the app's variable names); throws on a value that is no count. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): PublicCallLimits {
  const read = (name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > max)
      throw new Error(`${name} must be a whole number from 1 to ${max}, got ${raw}`);
    return value;
  };
  const d = DEFAULT_LIMITS;
  return {
    login: {
      delayAfter: read("LOGIN_DELAY_AFTER_FAILURES", d.login.delayAfter),
      maxDelaySeconds: read("LOGIN_MAX_DELAY_SECONDS", d.login.maxDelaySeconds, 86_400),
      perClient: read("LOGIN_MAX_FAILURES_PER_CLIENT", d.login.perClient),
      windowSeconds: read("LOGIN_FAILURE_WINDOW_MINUTES", d.login.windowSeconds / 60) * 60,
    },
    publicForm: {
      delayAfter: read("PUBLIC_FORM_DELAY_AFTER", d.publicForm.delayAfter),
      maxDelaySeconds: read("PUBLIC_FORM_MAX_DELAY_SECONDS", d.publicForm.maxDelaySeconds, 86_400),
      perClient: read("PUBLIC_FORM_MAX_PER_CLIENT_PER_HOUR", d.publicForm.perClient),
      windowSeconds: 3600,
    },
    cardFailuresPerClientPerHour: read("PAYMENT_MAX_FAILED_CARDS_PER_CLIENT", d.cardFailuresPerClientPerHour),
    promoFailuresPerClientPerHour: read(
      "PROMO_MAX_FAILURES_PER_CLIENT_PER_HOUR",
      d.promoFailuresPerClientPerHour,
    ),
    memoryKeys: read("RATE_LIMIT_MEMORY_KEYS", d.memoryKeys),
  };
}
