import { beforeAll, describe, expect, it } from "vitest";
import { createUserBody, estimatePasswordStrength, loadPasswordDictionaries, setupBody, updateUserBody, zNewPassword } from "./index.js";

beforeAll(() => loadPasswordDictionaries());

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).filter((issue) => issue.path[0] === "password").map((issue) => issue.message);

describe("the new-password rule", () => {
  it("refuses the commonest passwords with the estimator's warning", () => {
    for (const password of ["password123", "qwertyuiop", "iloveyou1", "1234567890"]) {
      const result = zNewPassword.safeParse(password);
      expect(result.success, password).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^This password is too easy to guess: \S/);
    }
    expect(zNewPassword.safeParse("password123").error?.issues[0]?.message).toBe("This password is too easy to guess: this is a commonly used password.");
  });

  it("refuses a long but guessable password", () => {
    expect(zNewPassword.safeParse("Password1!").success).toBe(false);
    expect(zNewPassword.safeParse("aaaaaaaaaaaa").success).toBe(false);
  });

  it("accepts a few uncommon words, and the passwords of the tests and journeys", () => {
    for (const password of ["correct horse battery", "a long enough password", "bruno's long password", "carla's long password", "tangerine lobster quietly"]) {
      expect(zNewPassword.safeParse(password).success, password).toBe(true);
    }
  });

  it("says only that a short password is short", () => {
    expect(zNewPassword.safeParse("123").error?.issues.map((issue) => issue.message)).toHaveLength(1);
  });

  it("is applied wherever a password is set", () => {
    expect(messages(setupBody.safeParse({ display_name: "Ana", email: "ana@example.test", password: "password123" }))).toHaveLength(1);
    expect(messages(createUserBody.safeParse({ display_name: "Ana", email: "ana@example.test", password: "password123" }))).toHaveLength(1);
    expect(messages(updateUserBody.safeParse({ password: "password123" }))).toHaveLength(1);
    expect(updateUserBody.safeParse({ display_name: "Ana" }).success).toBe(true);
  });
});

describe("estimatePasswordStrength", () => {
  it("rates from weak to strong with the estimator's warning", () => {
    expect(estimatePasswordStrength("")).toMatchObject({ score: 0, level: "weak", acceptable: false });
    expect(estimatePasswordStrength("password123")).toMatchObject({ level: "weak", acceptable: false, warning: "This is a commonly used password." });
    expect(estimatePasswordStrength("correct horse battery")).toMatchObject({ score: 4, level: "strong", acceptable: true, warning: null });
  });
});
