import { describe, expect, it } from "vitest";
import { checkFormBody, checkQuery, REFUSALS, type RequestLimits } from "../../server/limits";

const LIMITS: RequestLimits = {
  maxBodyBytes: 256 * 1024,
  maxFields: 1000,
  maxRepeats: 500,
  maxQueryLength: 8192,
};
const FORM = "application/x-www-form-urlencoded";

const urlencoded = (text: string) => checkFormBody(FORM, Buffer.from(text), LIMITS);

function multipart(fields: [string, string][], boundary = "----b0undary") {
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.from(`${parts.join("")}--${boundary}--\r\n`);
  return checkFormBody(`multipart/form-data; boundary=${boundary}`, body, LIMITS);
}

describe("form bodies", () => {
  it("accepts the app's largest real forms: a full page of 100 selected ids, every state and type", () => {
    const ids = Array.from({ length: 100 }, (_, i) => `ids=${i + 1}`).join("&");
    expect(urlencoded(`intent=remove&${ids}&returnTo=%2FMe%2FProjects`)).toBeNull();
    const states = Array.from({ length: 60 }, (_, i) => `alert_states=${i}`).join("&");
    const types = Array.from({ length: 120 }, (_, i) => `alert_project_types=${i}`).join("&");
    expect(urlencoded(`${states}&${types}&alert_value=5`)).toBeNull();
    expect(
      multipart([
        ["intent", "save"],
        ...Array.from({ length: 100 }, (_, i): [string, string] => ["ids", String(i)]),
      ]),
    ).toBeNull();
  });

  it("refuses a field repeated past the limit, however it is spelled", () => {
    expect(urlencoded("ids=1&".repeat(50_000))).toBe(REFUSALS.repeatedField);
    // %64 is "d": the same name for the form library.
    expect(urlencoded(`${"ids=1&".repeat(300)}${"i%64s=1&".repeat(300)}`)).toBe(REFUSALS.repeatedField);
    expect(multipart(Array.from({ length: 501 }, (): [string, string] => ["ids", "1"]))).toBe(
      REFUSALS.repeatedField,
    );
  });

  it("refuses too many fields", () => {
    const many = Array.from({ length: 1001 }, (_, i) => `f${i}=1`).join("&");
    expect(urlencoded(many)).toBe(REFUSALS.tooManyFields);
    expect(multipart(Array.from({ length: 1001 }, (_, i): [string, string] => [`f${i}`, "1"]))).toBe(
      REFUSALS.tooManyFields,
    );
  });

  it("refuses the form library's reserved names, huge array indexes and overlong names", () => {
    for (const name of ["__intent__", "__state__", "__INTENT__", "%5F%5Fintent%5F%5F"]) {
      expect(urlencoded(`email=a%40b.c&${name}=x`), name).toBe(REFUSALS.badFieldName);
    }
    expect(multipart([["__state__", "{"]])).toBe(REFUSALS.badFieldName);
    // ids[100000] makes the form library build a 100,000-long array: seconds of work.
    expect(urlencoded("intent=remove&ids%5B100000%5D=1")).toBe(REFUSALS.badFieldName);
    expect(urlencoded("ids[99999999999999999999]=1")).toBe(REFUSALS.badFieldName);
    expect(urlencoded("ids[3]=1")).toBeNull();
    expect(urlencoded(`${"n".repeat(201)}=1`)).toBe(REFUSALS.badFieldName);
  });

  it("leaves other bodies to the app (which answers them 415 or 400)", () => {
    expect(
      checkFormBody("application/json", Buffer.from(JSON.stringify({ __intent__: 1 })), LIMITS),
    ).toBeNull();
    expect(checkFormBody("multipart/form-data", Buffer.from("no boundary"), LIMITS)).toBeNull();
    expect(checkFormBody(undefined, Buffer.from("a=1"), LIMITS)).toBeNull();
  });
});

describe("query strings", () => {
  it("accepts ordinary list URLs and old links with advanced JSON", () => {
    expect(checkQuery("", LIMITS)).toBeNull();
    expect(checkQuery("page=2&perPage=100&orderBy=title&orderDirection=asc&query=school", LIMITS)).toBeNull();
    expect(
      checkQuery(
        `advanced=${encodeURIComponent(JSON.stringify({ states: ["CA", "NV"], types: [1, 2] }))}`,
        LIMITS,
      ),
    ).toBeNull();
  });

  it("answers 414 past the length limit and 400 for too many or repeated parameters", () => {
    expect(checkQuery(`query=${"a".repeat(8200)}`, LIMITS)).toBe(REFUSALS.queryTooLong);
    expect(checkQuery("a=1&".repeat(1001), LIMITS)).toBe(REFUSALS.badQuery);
    expect(checkQuery(Array.from({ length: 1001 }, (_, i) => `k${i}`).join("&"), LIMITS)).toBe(
      REFUSALS.badQuery,
    );
    expect(checkQuery("tag=1&".repeat(501), LIMITS)).toBe(REFUSALS.badQuery);
  });
});
