import { describe, expect, it } from "vitest";
import { screenshot, settled } from "../lib/browser.js";
import { expectNoSeriousAxeViolations } from "../lib/axe.js";
import { page, pageErrors, server, useJourney } from "../lib/journey.js";
import { manager as person } from "../lib/people.js";

useJourney({ name: "first-run", viewport: { width: 1280, height: 800 } });

describe("first run: set-up, sign out, sign in", () => {
  it("shows the set-up screen on an empty data folder", async () => {
    await page.goto(server.url);
    await expect.poll(() => page.url()).toContain("#/setup");
    await page.getByRole("heading", { name: "Welcome to Plotline" }).waitFor();
    await screenshot(page, "first-run-setup");
    await expectNoSeriousAxeViolations(page, "first-run");
  });

  it("explains a too-short password next to the field", async () => {
    await page.getByLabel("Your name").fill(person.name);
    await page.getByLabel("E-mail address").fill(person.email);
    await page.getByLabel(/^Password/).fill("short");
    await page.getByRole("button", { name: "Create account and start" }).click();
    await page.getByText("password must have at least 8 characters").waitFor();
  });

  it("shows the password's strength as it is typed and refuses a common one with the reason", async () => {
    const password = page.getByLabel(/^Password/);
    const level = page.getByTestId("password-strength-level");
    await password.fill("password123");
    await level.filter({ hasText: "Weak" }).waitFor();
    await page.getByTestId("password-strength").getByText("This is a commonly used password.").waitFor();
    await screenshot(page, "first-run-password-weak");
    await page.getByRole("button", { name: "Create account and start" }).click();
    await page.getByText("This password is too easy to guess: this is a commonly used password.").waitFor();
    await password.fill(person.password);
    await level.filter({ hasText: "Strong" }).waitFor();
    await screenshot(page, "first-run-password-strong");
  });

  it("creates the first user and lands signed in on the projects page", async () => {
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole("button", { name: "Create account and start" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    expect(await page.getByTestId("user-menu").textContent()).toContain(person.name);
    const menu = page.getByRole("navigation", { name: "Main navigation" });
    await menu.getByRole("link", { name: "Users" }).waitFor();
    await screenshot(page, "first-run-empty-shell");
  });

  it("signs out from the user menu", async () => {
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to Plotline" }).waitFor();
    await screenshot(page, "first-run-sign-in");
    await expectNoSeriousAxeViolations(page, "sign-in");
  });

  it("refuses a wrong password with one clear message", async () => {
    await page.getByLabel("E-mail address").fill(person.email);
    await page.getByLabel(/^Password/).fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "The e-mail address or password is incorrect." }).waitFor();
  });

  it("signs back in", async () => {
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Projects", exact: true }).waitFor();
    expect(await page.getByTestId("user-menu").textContent()).toContain(person.name);
  });

  it("is usable at phone width", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Users" }).click();
    await page.getByRole("heading", { name: "Users" }).waitFor();
    // The menu slides away after the click; the picture is for people, so let the slide finish.
    await settled(page);
    await screenshot(page, "phone-users");
  });

  it("raised no page errors or CSP violations", () => {
    expect(pageErrors.join("\n")).toBe("");
  });
});
