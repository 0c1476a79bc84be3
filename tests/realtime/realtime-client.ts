import {
  createClient,
  type RealtimeChannel,
  type RealtimeClientOptions,
  type SupabaseClient,
} from "@supabase/supabase-js";
import { readSigningKey, signUserToken } from "../../supabase/local/stack/signing-key.ts";
import { stackEnv, type TestUser } from "../support/stack.ts";

/** What a channel's subscribe callback reported, in order, and the broadcasts and system messages it got. */
export interface ChannelLog {
  statuses: { status: string; error?: Error }[];
  pokes: Record<string, unknown>[];
  system: { status: string; message: string }[];
}

/**
 * supabase-js as the web app uses it on a live list: the user's token given to Realtime (`setAuth`, and the
 * `accessToken` option that supabase-js asks again on every heartbeat, as a signed-in session would answer), and
 * the private channel `household:<id>`.
 */
export class LiveClient {
  readonly supabase: SupabaseClient;
  private token: string;

  /** `apiUrl`: the stack's by default; another for a stand-in a test serves itself. */
  constructor(token: string, realtime: RealtimeClientOptions = {}, apiUrl = stackEnv().apiUrl) {
    const { anonKey } = stackEnv();
    this.token = token;
    this.supabase = createClient(apiUrl, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      accessToken: () => Promise.resolve(this.token),
      realtime,
    });
  }

  async setToken(token: string): Promise<void> {
    this.token = token;
    await this.supabase.realtime.setAuth(token);
  }

  async subscribe(
    topic: string,
    options: { private?: boolean } = {},
  ): Promise<{ channel: RealtimeChannel; log: ChannelLog }> {
    await this.supabase.realtime.setAuth(this.token);
    const log: ChannelLog = { statuses: [], pokes: [], system: [] };
    const channel = this.supabase.channel(topic, { config: { private: options.private ?? true } })
      .on("broadcast", { event: "poke" }, (message) => log.pokes.push(message.payload))
      .on("system", {}, (message) => log.system.push(message as { status: string; message: string }));
    channel.subscribe((status, error) => log.statuses.push({ status, error }));
    await waitFor(() => log.statuses.length > 0, `a status for ${topic}`);
    return { channel, log };
  }

  async close(): Promise<void> {
    await this.supabase.removeAllChannels();
    await this.supabase.realtime.disconnect();
  }
}

/** An access token for the user that expires in the given seconds (negative: expired that long ago). */
export async function tokenExpiringIn(user: TestUser, seconds: number): Promise<string> {
  const { stateDirectory, apiUrl } = stackEnv();
  return await signUserToken(await readSigningKey(stateDirectory), apiUrl, user, seconds);
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
