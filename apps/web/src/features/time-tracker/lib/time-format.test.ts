import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../i18n/en.js";
import { clockOffset, elapsedSeconds, formatClock, formatDuration, formatHours, formatHoursNumber } from "./time-format.js";

beforeAll(async () => {
  await i18next.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

describe("formatDuration", () => {
  it("writes hours and two-digit minutes, dropping the seconds", () => {
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe("3h 05m");
    expect(formatDuration(3 * 3600 + 5 * 60 + 59)).toBe("3h 05m");
    expect(formatDuration(24 * 3600)).toBe("24h 00m");
    expect(formatDuration(36 * 3600 + 30 * 60)).toBe("36h 30m");
  });

  it("writes minutes alone under an hour, and says so for a few seconds", () => {
    expect(formatDuration(45 * 60)).toBe("45m");
    expect(formatDuration(60)).toBe("1m");
    expect(formatDuration(59)).toBe("<1m");
    expect(formatDuration(0)).toBe("0m");
  });
});

describe("formatClock", () => {
  it("pads hours, minutes and seconds to two digits", () => {
    expect(formatClock(0)).toBe("00:00:00");
    expect(formatClock(4 * 60 + 9)).toBe("00:04:09");
    expect(formatClock(10 * 3600)).toBe("10:00:00");
    expect(formatClock(123 * 3600 + 59 * 60 + 59)).toBe("123:59:59");
  });
});

describe("formatHours", () => {
  it("is hours + minutes / 60 rounded to two decimals, as the spec reads a time value", () => {
    expect(formatHoursNumber(3 * 3600 + 5 * 60)).toBe("3.08");
    expect(formatHoursNumber(90 * 60)).toBe("1.5");
    expect(formatHoursNumber(20 * 60)).toBe("0.33");
    expect(formatHoursNumber(59)).toBe("0");
    expect(formatHours(2 * 3600 + 40 * 60)).toBe("2.67 h");
  });
});

describe("the running clock", () => {
  const start = "2026-11-24T09:00:00.000Z";
  const startMs = Date.parse(start);

  it("counts whole seconds from the server's start", () => {
    expect(elapsedSeconds(start, startMs + 4_999)).toBe(4);
    expect(elapsedSeconds(start, startMs + 5_000)).toBe(5);
    expect(elapsedSeconds(start, startMs - 2_000)).toBe(0);
    expect(elapsedSeconds("not a date", startMs)).toBe(0);
  });

  it("trusts a device clock that agrees with the server within the answer's travel time", () => {
    // The server counted 60 s when it answered; the answer arrived 800 ms later.
    expect(clockOffset({ start, total: 60 }, startMs + 60_800)).toBe(0);
    expect(clockOffset({ start, total: 60 }, startMs + 59_500)).toBe(0);
  });

  it("follows the server when the device clock is off, so every device shows the same time", () => {
    // This device's clock runs 3 minutes ahead: the answer seems to arrive 3 minutes after the server's count.
    const offset = clockOffset({ start, total: 60 }, startMs + 60_000 + 180_000);
    expect(offset).toBe(180_000);
    expect(elapsedSeconds(start, startMs + 180_000 + 90_000, offset)).toBe(90);
    // And one running 2 minutes behind.
    expect(clockOffset({ start, total: 600 }, startMs + 600_000 - 120_000)).toBe(-120_000);
  });
});
