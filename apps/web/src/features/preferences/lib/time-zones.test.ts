import { describe, expect, it } from "vitest";
import { timeZoneLabel, timeZoneOptions, utcOffsetLabel } from "./time-zones.js";

describe("the time-zone list", () => {
  const winter = new Date("2026-01-15T12:00:00Z");
  const summer = new Date("2026-07-15T12:00:00Z");

  it("writes each zone's offset at the moment asked, daylight saving time included", () => {
    expect(utcOffsetLabel("Europe/Berlin", winter)).toBe("UTC+01:00");
    expect(utcOffsetLabel("Europe/Berlin", summer)).toBe("UTC+02:00");
    expect(utcOffsetLabel("America/New_York", winter)).toBe("UTC−05:00");
    expect(utcOffsetLabel("Asia/Kolkata", winter)).toBe("UTC+05:30");
    expect(utcOffsetLabel("UTC", winter)).toBe("UTC");
    expect(utcOffsetLabel("Nowhere/Town", winter)).toBe("");
  });

  it("shows names with spaces for underscores", () => {
    expect(timeZoneLabel("America/Los_Angeles", winter)).toBe("America/Los Angeles (UTC−08:00)");
  });

  it("lists the browser's zones by name, with UTC and a saved zone it does not list", () => {
    const options = timeZoneOptions(["Asia/Calcutta"], winter);
    const values = options.map((option) => option.value);
    expect(values).toContain("Europe/Berlin");
    expect(values).toContain("UTC");
    expect(values).toContain("Asia/Calcutta");
    expect(new Set(values).size).toBe(values.length);
    expect([...values].sort((a, b) => a.localeCompare(b))).toEqual(values);
  });
});
