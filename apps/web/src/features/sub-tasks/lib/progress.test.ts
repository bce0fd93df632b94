import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../i18n/en.js";
import { formatDuration, progressPercent, progressText, rollupText, splitDuration } from "./progress.js";

beforeAll(async () => {
  await i18next.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

describe("progressText", () => {
  it("says how many sub-tasks are done", () => {
    expect(progressText({ total: 5, complete: 2 })).toBe("2 of 5 done");
    expect(progressText({ total: 3, complete: 3 })).toBe("3 of 3 done");
    expect(progressText({ total: 1, complete: 0 })).toBe("0 of 1 done");
  });

  it("says nothing for a task without sub-tasks", () => {
    expect(progressText({ total: 0, complete: 0 })).toBeNull();
  });
});

describe("progressPercent", () => {
  it("is the share of done sub-tasks, rounded", () => {
    expect(progressPercent({ total: 5, complete: 2 })).toBe(40);
    expect(progressPercent({ total: 3, complete: 1 })).toBe(33);
    expect(progressPercent({ total: 3, complete: 3 })).toBe(100);
  });

  it("is null without sub-tasks and never leaves 0 to 100", () => {
    expect(progressPercent({ total: 0, complete: 0 })).toBeNull();
    expect(progressPercent({ total: 2, complete: 5 })).toBe(100);
  });
});

describe("formatDuration", () => {
  it("writes hours with two-digit minutes, and minutes alone under an hour", () => {
    expect(formatDuration(3.5 * 3600)).toBe("3h 30m");
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe("2h 05m");
    expect(formatDuration(45 * 60)).toBe("45m");
    expect(formatDuration(0)).toBe("0m");
  });

  it("does not count a part minute", () => {
    expect(splitDuration(3599)).toEqual({ hours: 0, minutes: 59 });
    expect(formatDuration(3600 + 59)).toBe("1h 00m");
  });
});

describe("rollupText", () => {
  it("gives the estimation (minutes) and the logged time (seconds) of the task with its sub-tasks", () => {
    expect(rollupText({ estimation: 210, logged: 7500 }, { withLogged: true })).toBe("Estimate 3h 30m · Logged 2h 05m");
  });

  it("leaves out a part that is zero, and the logged time while the time tracker is off", () => {
    expect(rollupText({ estimation: 0, logged: 600 }, { withLogged: true })).toBe("Logged 10m");
    expect(rollupText({ estimation: 90, logged: 600 }, { withLogged: false })).toBe("Estimate 1h 30m");
    expect(rollupText({ estimation: 0, logged: 0 }, { withLogged: true })).toBeNull();
    expect(rollupText({ estimation: 0, logged: 600 }, { withLogged: false })).toBeNull();
  });
});
