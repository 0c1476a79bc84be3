import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { MailMessage } from "../../supabase/local/auth/mailbox.ts";
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
