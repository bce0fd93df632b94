// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { startKeyBuffer, takeBufferedKeys } from "./key-buffer.js";

function press(key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

afterEach(() => {
  takeBufferedKeys();
  document.body.innerHTML = "";
});

describe("the palette's key buffer", () => {
  it("keeps printable keys typed before the field has the focus, and stops the page from seeing them", () => {
    startKeyBuffer();
    expect(press("d").defaultPrevented).toBe(true);
    press("e");
    press("Shift");
    press("k", { ctrlKey: true });
    press("#");
    expect(takeBufferedKeys()).toBe("de#");
  });

  it("lets keys through once taken, and leaves the palette's own field alone", () => {
    startKeyBuffer();
    const input = document.createElement("input");
    input.setAttribute("data-palette-input", "");
    document.body.append(input);
    expect(press("a", {}, input).defaultPrevented).toBe(false);
    press("b");
    expect(takeBufferedKeys()).toBe("b");
    expect(press("c").defaultPrevented).toBe(false);
    expect(takeBufferedKeys()).toBe("");
  });
});
