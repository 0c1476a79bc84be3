import postgres from "postgres";
import type { SigningKey } from "../stack/signing-key.ts";
import { accessTokenVerifier, requireApiKey } from "./access.ts";
import type { AuthContext } from "./context.ts";
import { invite, otp, recover, resend } from "./email-endpoints.ts";
import { Mailbox } from "./mailbox.ts";
import { mailboxHandler } from "./mailbox-server.ts";
import { type LimitedEndpoint, RateLimiter } from "./rate-limits.ts";
import { AuthApiError, errorResponse, json, preflight } from "./responses.ts";
import type { AuthSettings } from "./settings.ts";
import { signUp } from "./sign-up.ts";
import { token } from "./token-endpoint.ts";
import { getUser, logout, updateUser } from "./user-endpoint.ts";
import { verifyGet, verifyPost } from "./verify-endpoint.ts";

type Endpoint = (context: AuthContext, request: Request, url: URL) => Promise<unknown>;

/** GoTrue's paths that supabase-js's auth client calls for email sign-in, under /auth/v1. */
const endpoints: Record<string, Endpoint> = {
  "POST /signup": signUp,
  "POST /token": token,
  "GET /user": getUser,
  "PUT /user": updateUser,
  "POST /logout": logout,
  "POST /recover": recover,
  "POST /otp": otp,
  "POST /resend": resend,
  "POST /verify": verifyPost,
  "POST /invite": invite,
  "GET /settings": (context) => Promise.resolve(settingsBody(context.settings)),
  "GET /health": () => Promise.resolve({ name: "GoTrue", description: "Local Auth stand-in of the local stack" }),
};

/** The endpoints GoTrue's limiters count, by method and path (api.go's routes; /token limits in its handler). */
const limited: Record<string, LimitedEndpoint> = {
  "POST /token": "token",
  "POST /verify": "verify",
  "GET /verify": "verify",
  "POST /signup": "signup",
  "POST /recover": "recover",
  "POST /resend": "resend",
  "POST /otp": "otp",
  "PUT /user": "user",
};

/**
 * The client's address, by which GoTrue counts requests. The stack's API listens on 127.0.0.1 only and its gateway
 * passes no peer address on, so every client it serves is this machine; a server given the peer (a test's own
 * Deno.serve) uses it. X-Forwarded-For is not read: any client could set it and reset its count.
 */
function clientAddress(info?: { remoteAddr: Deno.Addr }): string {
  const address = info?.remoteAddr;
  return address && "hostname" in address ? address.hostname : "127.0.0.1";
}

function settingsBody(settings: AuthSettings) {
  return {
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: !settings.emailConfirmations,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
  };
}

export interface AuthServer {
  /** Answers /auth/v1/… (but the key set, which the gateway serves) and /mailbox/…; info names the client. */
  handle(request: Request, info?: { remoteAddr: Deno.Addr }): Promise<Response>;
  mailbox: Mailbox;
  settings: AuthSettings;
  close(): Promise<void>;
}

/** The local Auth stand-in: GoTrue's email endpoints on the stack's database, emails into the local mailbox. */
export function startAuthServer(options: {
  databaseUrl: string;
  signingKey: SigningKey;
  settings: AuthSettings;
  mailboxDirectory: string;
  /** Milliseconds since the epoch, for the rate limits; tests move it. */
  now?: () => number;
}): AuthServer {
  const sql = postgres(options.databaseUrl, { max: 4, onnotice: () => {} });
  const mailbox = new Mailbox(options.mailboxDirectory);
  const context: AuthContext = {
    sql,
    key: options.signingKey,
    settings: options.settings,
    mailbox,
    verifyAccessToken: accessTokenVerifier(options.signingKey, options.settings.apiUrl),
  };
  const mailboxPages = mailboxHandler(mailbox);
  const limiter = new RateLimiter(options.settings.rateLimits, options.now);

  const handleAuth = async (request: Request, url: URL, address: string): Promise<Response> => {
    const path = url.pathname.slice("/auth/v1".length).replace(/\/+$/, "") || "/";
    const route = `${request.method} ${path}`;
    const count = () => {
      if (limited[route]) limiter.take(limited[route], address);
    };
    // An email's link is opened in a browser, which sends no API key (Supabase's gateway lets /verify through).
    if (route === "GET /verify") {
      count();
      return await verifyGet(context, request, url);
    }
    const endpoint = endpoints[route];
    await requireApiKey(context.key, request);
    count();
    if (!endpoint) {
      throw new AuthApiError(404, "not_found", `The local Auth stand-in does not serve ${request.method} ${path}`);
    }
    const body = await endpoint(context, request, url);
    return body === null ? json(null, 204) : json(body);
  };

  return {
    mailbox,
    settings: options.settings,
    handle: async (request, info) => {
      const url = new URL(request.url);
      if (url.pathname === "/mailbox" || url.pathname.startsWith("/mailbox/")) return await mailboxPages(request);
      if (!url.pathname.startsWith("/auth/v1/")) {
        return errorResponse(new AuthApiError(404, "not_found", `Nothing at ${url.pathname}`));
      }
      if (request.method === "OPTIONS") return preflight();
      try {
        return await handleAuth(request, url, clientAddress(info));
      } catch (error) {
        if (error instanceof AuthApiError) return errorResponse(error);
        console.error("local Auth stand-in:", error);
        return errorResponse(
          new AuthApiError(500, "unexpected_failure", "Unexpected failure, please check server logs"),
        );
      }
    },
    close: () => sql.end(),
  };
}
