import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { zPassword } from "./primitives.js";

/** Lowest strength estimate (0 to 4) a new password must reach: 3 is "safely unguessable" for zxcvbn. */
export const MIN_PASSWORD_SCORE = 3;

/** The word shown for a strength estimate. */
export type PasswordStrengthLevel = "weak" | "fair" | "good" | "strong";

/** A password's strength as the forms show it and the rule judges it. */
export interface PasswordStrength {
  /** zxcvbn's estimate: 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  level: PasswordStrengthLevel;
  /** Whether the password passes the rule (length aside). */
  acceptable: boolean;
  /** Why it is weak, in a sentence, or null. */
  warning: string | null;
  /** How to make it stronger. */
  suggestions: string[];
}

// The estimator and its dictionaries (common passwords, words, names: about 1.5 MB) are loaded apart, so
// that the web app fetches them only on a screen that sets a password; the server loads them at start.
let estimator: ZxcvbnFactory | null = null;
let dictionaries: Promise<void> | null = null;

/**
 * Loads the estimator with the common-password and English dictionaries, once. The server awaits it at
 * start; the web app on the screens that set a password (separate chunks, thanks to the dynamic imports).
 */
export function loadPasswordDictionaries(): Promise<void> {
  dictionaries ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(([core, common, en]) => {
    estimator = new core.ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
    });
  });
  return dictionaries;
}

/** Whether `loadPasswordDictionaries()` has finished, so that an estimate is the one the server makes. */
export function hasPasswordDictionaries(): boolean {
  return estimator !== null;
}

const LEVELS: Record<PasswordStrength["score"], PasswordStrengthLevel> = { 0: "weak", 1: "weak", 2: "fair", 3: "good", 4: "strong" };

/** Estimates how hard a password is to guess; `loadPasswordDictionaries()` must have finished. */
export function estimatePasswordStrength(password: string): PasswordStrength {
  if (!estimator) throw new Error("loadPasswordDictionaries() has not finished");
  const result = estimator.check(password.slice(0, 200));
  return {
    score: result.score,
    level: LEVELS[result.score],
    acceptable: result.score >= MIN_PASSWORD_SCORE,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}

/**
 * The refusal of a password too easy to guess, or null when it passes. Before the estimator is loaded (a
 * web form on a screen with no meter) it answers null: the server, which always has it, decides.
 */
export function passwordStrengthProblem(password: string): string | null {
  if (!estimator) return null;
  const strength = estimatePasswordStrength(password);
  if (strength.acceptable) return null;
  const reason = strength.warning ?? strength.suggestions[0] ?? "Add another word or two.";
  return `This password is too easy to guess: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
}

/** A password being set (first run, new user, change): long enough and not too easy to guess. */
export const zNewPassword = zPassword.superRefine((password, ctx) => {
  // A short password gets only the length message.
  if (password.length < 8) return;
  const problem = passwordStrengthProblem(password);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
