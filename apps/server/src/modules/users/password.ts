import { hash, verify } from "@node-rs/argon2";

/** Hashes a password with argon2id (the library's default algorithm). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash of a random string: checking against it when no user matches keeps the time of a failed
// sign-in the same whether or not the e-mail exists.
const decoyHash = hash(`decoy-${Math.random()}`);

/** True when the password matches the hash. Checks a decoy when there is no hash, and answers false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
