/**
 * Maximum lengths of the forms' text fields (issue 11: a password of 10 MB is not a password). Where the spec gives
 * a limit it is used (notes 10,000 characters); otherwise these. The reference API has its own, never lower.
 */
export const PASSWORD_MAX = 128;
/** A password typed to log in or to confirm: up to the API's own limit, so that an older, longer one still works. */
export const PASSWORD_TYPED_MAX = 200;
export const EMAIL_MAX = 255;
export const NAME_MAX = 100;
/** A path carried in a form (redirect, returnTo). */
export const PATH_MAX = 2048;

/** The message of a field over its limit. */
export const tooLong = (max: number) => `Please use at most ${max} characters.`;
