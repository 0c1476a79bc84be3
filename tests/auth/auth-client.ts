import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { MailMessage } from "../../supabase/local/auth/mailbox.ts";
import { startAuthServer } from "../../supabase/local/auth/server.ts";
import { authSettingsFromEnv } from "../../supabase/local/auth/settings.ts";
import { readSigningKey } from "../../supabase/local/stack/signing-key.ts";
import { stackEnv } from "../support/stack.ts";

/** supabase-js as an app makes it, against the local stack (or another Auth server's URL). */
export function appClient(apiUrl = stackEnv().apiUrl, key = stackEnv().anonKey): SupabaseClient {
  return createClient(apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

export function uniqueEmail(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** The emails the mailbox holds for `to`, newest first, read through its JSON endpoint. */
export async function mailTo(to: string, apiUrl = stackEnv().apiUrl): Promise<MailMessage[]> {
  const response = await fetch(`${apiUrl}/mailbox/v1/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}: ${await response.text()}`);
  return (await response.json()).messages;
}

/** The one link and the 6-digit code in an email's text, as a person would pick them out. */
export function linkAndCode(message: MailMessage): { link: string; code: string } {
  const link = /https?:\/\/\S+/.exec(message.text)?.[0];
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!link || !code) throw new Error(`no link or code in: ${message.text}`);
  return { link, code };
}

/** Opens an email's link as a browser would (without following the redirect) and reads the fragment it sends to. */
export async function openLink(link: string): Promise<{ location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: "manual" });
  await response.body?.cancel();
  if (response.status !== 303) throw new Error(`the link answered ${response.status}, not a redirect`);
  const location = new URL(response.headers.get("location")!);
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

/** A second Auth stand-in on the test database, at an address of its own, with its own settings and clock. */
export interface StandIn {
  apiUrl: string;
  auth: ReturnType<typeof startAuthServer>;
  /** Moves the stand-in's clock (its rate limits) forward. */
  advance(milliseconds: number): void;
  close(): Promise<void>;
}

/**
 * Starts a stand-in whose settings are read with `env` set (AUTH_EMAIL_CONFIRMATIONS, AUTH_RATE_LIMIT_*, …), as the
 * start task reads them; the variables are as before once it has started.
 */
export async function startStandIn(env: Record<string, string | undefined>): Promise<StandIn> {
  const mailboxDirectory = await Deno.makeTempDir();
  let offset = 0;
  let auth: ReturnType<typeof startAuthServer> | undefined;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request, info) => auth!.handle(request, info),
  );
  const apiUrl = `http://127.0.0.1:${server.addr.port}`;
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, Deno.env.get(name)]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) Deno.env.delete(name);
      else Deno.env.set(name, value);
    }
  };
  try {
    set(env);
    auth = startAuthServer({
      databaseUrl: stackEnv().databaseUrl,
      signingKey: await readSigningKey(stackEnv().stateDirectory),
      settings: authSettingsFromEnv(apiUrl),
      mailboxDirectory,
      now: () => Date.now() + offset,
    });
  } finally {
    set(before);
  }
  return {
    apiUrl,
    auth,
    advance: (milliseconds) => {
      offset += milliseconds;
    },
    close: async () => {
      await server.shutdown();
      await auth?.close();
      await Deno.remove(mailboxDirectory, { recursive: true });
    },
  };
}
