import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Seals stored credentials (a shop's API secret, a card gateway's key) with AES-256-GCM, so that a copy of
 * the database alone does not give them away. A sealed value is `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or an error when the value was sealed with another key or was changed. */
  open(sealed: string): string;
}

const VERSION = "v1";
const KEY_FILE = "secret.key";

/** A box whose key is derived from `secret` (`PLOTLINE_SECRET`), or read from (and on first use made in) `<dataDir>/secret.key`. */
export function createSecretBox(settings: { secret: string | null; dataDir: string }): SecretBox {
  let key: Buffer | null = null;
  const getKey = (): Buffer => (key ??= settings.secret !== null ? deriveKey(settings.secret) : readOrMakeKeyFile(settings.dataDir));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", getKey(), iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw new Error("Not a sealed value");
      const decipher = createDecipheriv("aes-256-gcm", getKey(), Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      try {
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new Error("A stored secret could not be opened: was PLOTLINE_SECRET or secret.key changed?");
      }
    },
  };
}

function deriveKey(secret: string): Buffer {
  return createHash("sha256").update(`plotline-secret-box:${secret}`).digest();
}

function readOrMakeKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64url");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const made = randomBytes(32);
  try {
    // `wx`: when two processes start at once, the second reads the first one's key instead of replacing it.
    fs.writeFileSync(file, made.toString("base64url"), { flag: "wx", mode: 0o600 });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64url");
  }
}
