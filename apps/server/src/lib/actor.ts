/** Who is making a request, resolved once by the auth plugin. */
export interface Actor {
  id: number;
  displayName: string;
  email: string;
  avatarUrl: string | null;
  /** The site-wide manager capability. */
  isSiteManager: boolean;
  /** How the request proved who it is: a browser session cookie or a personal access token. */
  via: "session" | "token";
  /** The session row, for sign-out; null for tokens. */
  sessionId: number | null;
  /** The session's nonce; null for tokens, which need none. */
  nonce: string | null;
}
