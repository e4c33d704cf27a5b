/**
 * The request limits the app server applies before a request reaches React Router (docs/decisions/012-...):
 * the query string's length and shape, and the shape of a form body (number of fields, repeats of one name,
 * names the form library reserves or cannot handle). Each check scans the raw text once and stops at the first
 * limit crossed, so a hostile body costs no more than the limit itself; nothing here builds a FormData.
 * The body's size is checked while it is read (server/index.ts).
 */
import type { RequestRefusal } from "../app/lib/platform/request-info.server";

export type RequestLimits = {
  maxBodyBytes: number;
  maxFields: number;
  maxRepeats: number;
  maxQueryLength: number;
};

/**
 * Names Conform gives a meaning of its own (@conform-to/dom: `__intent__` and `__state__` are JSON-parsed and
 * throw on anything else; `__INTENT__` is the intent field of its future API). No form of this app uses them.
 */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set(["__intent__", "__state__", "__INTENT__"]);

/** Longer names are not names of this app's fields (the longest is a few dozen characters). */
export const MAX_NAME_LENGTH = 200;

export const REFUSALS = {
  bodyTooLarge: {
    status: 413,
    title: "Too much to send",
    message: "What you sent is larger than this form accepts. Please shorten it and try again.",
  },
  tooManyFields: {
    status: 400,
    title: "Form not accepted",
    message: "This form has more fields than it can have. Please reload the page and try again.",
  },
  repeatedField: {
    status: 400,
    title: "Form not accepted",
    message: "This form repeats a field more often than it can. Please reload the page and try again.",
  },
  badFieldName: {
    status: 400,
    title: "Form not accepted",
    message: "This form has a field this site does not accept. Please reload the page and try again.",
  },
  queryTooLong: {
    status: 414,
    title: "Address too long",
    message: "This address is longer than this site accepts. Please go back and try again.",
  },
  badQuery: {
    status: 400,
    title: "Address not accepted",
    message: "This address has more parameters than this site accepts. Please go back and try again.",
  },
  notFound: {
    status: 404,
    title: "Page not found",
    message: "We could not find the page you asked for.",
  },
  methodNotAllowed: {
    status: 405,
    title: "Not allowed",
    message: "This address does not accept this kind of request.",
  },
} satisfies Record<string, RequestRefusal>;

/** An index in a field name (`ids[100000]`) makes the form library build an array that long: a few seconds. */
const INDEX = /\[(\d+)\]/g;

/** Counts the fields of one form or query string and says which limit, if any, it crosses. */
export class FieldTally {
  private count = 0;
  private readonly repeats = new Map<string, number>();

  constructor(
    private readonly limits: RequestLimits,
    private readonly kind: "form" | "query",
  ) {}

  add(name: string): RequestRefusal | null {
    this.count++;
    if (this.count > this.limits.maxFields)
      return this.kind === "form" ? REFUSALS.tooManyFields : REFUSALS.badQuery;
    if (name.length > MAX_NAME_LENGTH || RESERVED_FIELD_NAMES.has(name)) return this.badName();
    if (name.includes("[")) {
      for (const match of name.matchAll(INDEX)) {
        if (match[1].length > 9 || Number(match[1]) >= this.limits.maxRepeats) return this.badName();
      }
    }
    const seen = (this.repeats.get(name) ?? 0) + 1;
    if (seen > this.limits.maxRepeats)
      return this.kind === "form" ? REFUSALS.repeatedField : REFUSALS.badQuery;
    this.repeats.set(name, seen);
    return null;
  }

  private badName() {
    return this.kind === "form" ? REFUSALS.badFieldName : REFUSALS.badQuery;
  }
}

/** A name as URLSearchParams decodes it (`+` is a space, malformed escapes stay as they are). */
function decodeName(raw: string): string {
  if (!raw.includes("%") && !raw.includes("+")) return raw;
  return new URLSearchParams(`${raw}=`).keys().next().value ?? raw;
}

/** Walks `a=1&b=2` (a query string or an urlencoded body) without decoding values; stops at the first refusal. */
function scanUrlEncoded(text: string, tally: FieldTally): RequestRefusal | null {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("&", start);
    if (end < 0) end = text.length;
    if (end > start) {
      const eq = text.indexOf("=", start);
      const rawName = text.slice(start, eq >= 0 && eq < end ? eq : end);
      // Decoding costs only for names that need it; a name longer than the limit is refused undecoded.
      const name = rawName.length > MAX_NAME_LENGTH * 3 ? rawName : decodeName(rawName);
      const refusal = tally.add(name);
      if (refusal) return refusal;
    }
    start = end + 1;
  }
  return null;
}

/** The query string (without its `?`): 414 when too long, 400 when it has too many or odd parameters. */
export function checkQuery(search: string, limits: RequestLimits): RequestRefusal | null {
  if (search.length === 0) return null;
  if (search.length > limits.maxQueryLength) return REFUSALS.queryTooLong;
  return scanUrlEncoded(search, new FieldTally(limits, "query"));
}

const URLENCODED = /^application\/x-www-form-urlencoded\b/i;
const MULTIPART = /^multipart\/form-data\b/i;

/**
 * A form body's shape. Bodies of other types pass (the app answers them 415); a multipart body without a
 * boundary passes too (the app cannot read it and answers 400).
 */
export function checkFormBody(
  contentType: string | undefined,
  body: Buffer,
  limits: RequestLimits,
): RequestRefusal | null {
  if (!contentType || body.length === 0) return null;
  if (URLENCODED.test(contentType)) {
    return scanUrlEncoded(body.toString("utf8"), new FieldTally(limits, "form"));
  }
  if (MULTIPART.test(contentType)) {
    const boundary = contentType.match(/;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i);
    const value = boundary?.[1] ?? boundary?.[2];
    return value ? scanMultipart(body, value, new FieldTally(limits, "form")) : null;
  }
  return null;
}

/** The part names of a multipart body, from each part's Content-Disposition; stops at the first refusal. */
function scanMultipart(body: Buffer, boundary: string, tally: FieldTally): RequestRefusal | null {
  const delimiter = Buffer.from(`--${boundary}`);
  let position = body.indexOf(delimiter);
  while (position >= 0) {
    const afterDelimiter = position + delimiter.length;
    // "--" after the delimiter closes the body.
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) return null;
    const headersEnd = body.indexOf("\r\n\r\n", afterDelimiter);
    if (headersEnd < 0) return null;
    const headers = body.toString("utf8", afterDelimiter, Math.min(headersEnd, afterDelimiter + 4096));
    const name = headers.match(/content-disposition:[^\r\n]*?;\s*name="([^"]*)"/i)?.[1];
    if (name !== undefined) {
      const refusal = tally.add(name);
      if (refusal) return refusal;
    }
    position = body.indexOf(delimiter, headersEnd + 4);
  }
  return null;
}
