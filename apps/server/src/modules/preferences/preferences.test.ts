import { DEFAULT_PREFERENCES, meSchema, preferencesSchema } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUserAndSignIn, setUpFirstUser, type Session, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let admin: Session;
let member: Session;

const url = "/api/pm/v2/users/me/preferences";

beforeAll(async () => {
  t = await createTestApp();
  admin = await setUpFirstUser(t.app, { display_name: "Ana Admin" });
  member = await createUserAndSignIn(t.app, admin, { display_name: "Carl Coworker" });
});
afterAll(() => t.close());

async function preferencesOf(session: Session) {
  const response = await session.inject({ method: "GET", url: "/api/auth/me" });
  expect(response.statusCode).toBe(200);
  return meSchema.parse(response.json().data).preferences;
}

/** Every kind of mail on: what a user who never chose gets. */
const ALL_MAIL = { assigned: true, comments: true, mentions: true, project_activity: true, daily_digest: true };

describe("GET /api/auth/me preferences", () => {
  it("answers the defaults to a user who never chose anything", async () => {
    expect(await preferencesOf(member)).toEqual({ date_format: "MM/DD/YYYY", time_zone: "", color_scheme: "auto", relative_dates: true, email_notifications: ALL_MAIL });
    expect(DEFAULT_PREFERENCES.date_format).toBe("MM/DD/YYYY");
  });
});

describe("POST /api/pm/v2/users/me/preferences", () => {
  it("changes only the fields given, answers all of them, and auth/me answers them after", async () => {
    const first = await admin.inject({ method: "POST", url, payload: { date_format: "DD.MM.YYYY" } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      data: { date_format: "DD.MM.YYYY", time_zone: "", color_scheme: "auto", relative_dates: true, email_notifications: ALL_MAIL },
      message: "Preferences saved",
    });
    const second = await admin.inject({ method: "POST", url, payload: { time_zone: "Europe/Berlin", color_scheme: "dark", relative_dates: false } });
    const expected = { date_format: "DD.MM.YYYY", time_zone: "Europe/Berlin", color_scheme: "dark", relative_dates: false, email_notifications: ALL_MAIL };
    expect(preferencesSchema.parse(second.json().data)).toEqual(expected);
    expect(await preferencesOf(admin)).toEqual(expected);
  });

  it("keeps each user's own: one user's change leaves another's alone", async () => {
    await admin.inject({ method: "POST", url, payload: { date_format: "YYYY-MM-DD" } });
    expect((await preferencesOf(member)).date_format).toBe("MM/DD/YYYY");
  });

  it("keeps both of two changes of different fields sent at once", async () => {
    const carl = await createUserAndSignIn(t.app, admin, { display_name: "Dora Dev" });
    const [a, b] = await Promise.all([
      carl.inject({ method: "POST", url, payload: { date_format: "MMM D, YYYY" } }),
      carl.inject({ method: "POST", url, payload: { color_scheme: "light" } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await preferencesOf(carl)).toMatchObject({ date_format: "MMM D, YYYY", color_scheme: "light" });
  });

  it("turns kinds of mail off and on, only those given, keeping the other preferences", async () => {
    const dora = await createUserAndSignIn(t.app, admin, { display_name: "Mail Mo" });
    await dora.inject({ method: "POST", url, payload: { date_format: "YYYY-MM-DD" } });
    const off = await dora.inject({ method: "POST", url, payload: { email_notifications: { comments: false, daily_digest: "0" } } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.email_notifications).toEqual({ ...ALL_MAIL, comments: false, daily_digest: false });
    const again = await dora.inject({ method: "POST", url, payload: { email_notifications: { mentions: false, comments: true } } });
    expect(again.json().data.email_notifications).toEqual({ ...ALL_MAIL, mentions: false, daily_digest: false });
    expect(await preferencesOf(dora)).toMatchObject({ date_format: "YYYY-MM-DD", email_notifications: { ...ALL_MAIL, mentions: false, daily_digest: false } });
  });

  it("answers 400 naming the field for an unknown kind of mail or a value that is not a flag", async () => {
    for (const email_notifications of [{ digest: false }, { assigned: "sometimes" }, "off"]) {
      const response = await member.inject({ method: "POST", url, payload: { email_notifications } });
      expect(response.statusCode, JSON.stringify(email_notifications)).toBe(400);
      expect(Object.keys(response.json().data.params)[0]).toMatch(/^email_notifications/);
    }
  });

  it("stores a time zone as the runtime spells it, and empty for the browser's own", async () => {
    const lower = await member.inject({ method: "POST", url, payload: { time_zone: " america/new_york " } });
    expect(lower.json().data.time_zone).toBe("America/New_York");
    const cleared = await member.inject({ method: "POST", url, payload: { time_zone: "" } });
    expect(cleared.json().data.time_zone).toBe("");
  });

  it("reads the flag and the choices from a form body too", async () => {
    const response = await member.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "relative_dates=0&color_scheme=dark",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ relative_dates: false, color_scheme: "dark" });
  });

  it("answers 400 on the time_zone field for a zone that does not exist, and for an offset", async () => {
    for (const zone of ["Mars/Olympus_Mons", "+01:00", "Europe/Berlin; drop table users", "x".repeat(80)]) {
      const response = await member.inject({ method: "POST", url, payload: { time_zone: zone } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("rest_invalid_param");
      expect(Object.keys(response.json().data.params)).toEqual(["time_zone"]);
    }
    const unknown = await member.inject({ method: "POST", url, payload: { time_zone: "Mars/Olympus_Mons" } });
    expect(unknown.json().data.params.time_zone).toEqual(["time_zone must be an IANA time zone name, such as Europe/Berlin, or empty for the browser's"]);
  });

  it("answers 400 naming the field for a format, scheme or flag off the list, and for an unknown field", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ date_format: "YYYY/MM/DD" }, "date_format"],
      [{ color_scheme: "purple" }, "color_scheme"],
      [{ relative_dates: "maybe" }, "relative_dates"],
      [{ theme: "dark" }, "body"],
    ];
    for (const [payload, field] of cases) {
      const response = await member.inject({ method: "POST", url, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.params)).toEqual([field]);
    }
    const format = await member.inject({ method: "POST", url, payload: { date_format: "YYYY/MM/DD" } });
    expect(format.json().message).toBe("date_format must be one of: MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD, DD.MM.YYYY, MMM D, YYYY");
    const unknown = await member.inject({ method: "POST", url, payload: { theme: "dark" } });
    expect(unknown.json().message).toBe("Unknown field theme");
  });

  it("leaves the preferences as they were after a refused change", async () => {
    const before = await preferencesOf(member);
    await member.inject({ method: "POST", url, payload: { date_format: "DD/MM/YYYY", time_zone: "Nowhere/Town" } });
    expect(await preferencesOf(member)).toEqual(before);
  });

  it("answers 401 without a session and 403 without the nonce", async () => {
    expect((await t.app.inject({ method: "POST", url, payload: { color_scheme: "dark" } })).statusCode).toBe(401);
    expect((await member.inject({ method: "POST", url, payload: { color_scheme: "dark" }, nonce: false })).statusCode).toBe(403);
  });

  it("lets a personal access token change its owner's preferences", async () => {
    const created = await member.inject({ method: "POST", url: "/api/auth/tokens", payload: { name: "script" } });
    const { token } = created.json().data as { token: string };
    const response = await t.app.inject({ method: "POST", url, payload: { date_format: "YYYY-MM-DD" }, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect((await preferencesOf(member)).date_format).toBe("YYYY-MM-DD");
  });
});
