import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { AppError } from "../errors.ts";
import { bytesAtMost } from "../http/bounded-read.ts";
import { requestPinned } from "./pinned-request.ts";
import { nonPublicRangeOf } from "./public-address.ts";

export interface PageLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /**
   * host:port pairs allowed although they resolve to private addresses (tests' local servers), matched by the
   * URL's host as written (after URL normalisation), never by the address: `127.0.0.1:8000` lets
   * `http://127.0.0.1:8000/` through, not `http://[::ffff:127.0.0.1]:8000/` nor a redirect to another port.
   */
  allowedHosts: string[];
  /** What is fetched, in the refusals' words: "page" (the default) or "image". */
  noun?: "page" | "image";
  /** The Accept header: text/html by default. */
  accept?: string;
}

export const pageLimits: Omit<PageLimits, "allowedHosts"> = {
  // 8 MiB: some real recipe pages pass 2 MiB with inline scripts and images (recipe.import_url).
  maxBytes: 8 * 1024 * 1024,
  timeoutMs: 4000,
  maxRedirects: 5,
};

/** How fetchPage reaches the network; tests give their own resolver and watch connections. */
export interface PageNetwork {
  /** The addresses (A and AAAA) a host name resolves to; none when it does not resolve. */
  resolve(hostname: string, signal: AbortSignal): Promise<string[]>;
  /** Called with the checked address and port just before a connection to it opens. */
  beforeConnect?(address: string, port: number): void;
  /** PEM certificates trusted instead of the default roots. */
  trustedCertificates?: string[];
}

async function resolveWithDns(hostname: string, signal: AbortSignal): Promise<string[]> {
  const answers = await Promise.all(
    (["A", "AAAA"] as const).map((type) =>
      Deno.resolveDns(hostname, type, { signal }).catch((error) => {
        if (signal.aborted) throw error;
        return [] as string[]; // no record of this type
      })
    ),
  );
  return answers.flat();
}

export const dnsNetwork: PageNetwork = { resolve: resolveWithDns };

function refused(message: string): AppError {
  return new AppError("VALIDATION_ERROR", message, { field: "url" });
}

// One answer for every way a connection can fail (refused, reset, silent, slow, not http): a caller must not
// learn whether a port is open, nor be told to retry what will fail the same way.
function unreadable(limits: PageLimits): AppError {
  return refused(
    `the ${
      limits.noun ?? "page"
    } could not be read: its server refused or dropped the connection, did not answer within ` +
      `${limits.timeoutMs / 1000} s, or does not speak http(s)`,
  );
}

function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === "https:" ? 443 : 80);
}

function isAllowedHost(url: URL, allowedHosts: string[]): boolean {
  return allowedHosts.some((entry) => {
    const allowed = URL.parse(`http://${entry}`);
    return allowed !== null && allowed.hostname === url.hostname && portOf(allowed) === portOf(url);
  });
}

/**
 * The address to connect to for this hop: every address the host resolves to must be global unicast (unless
 * the host is allow-listed), and the connection then goes to the first of them, the one checked.
 */
async function checkedAddress(url: URL, limits: PageLimits, network: PageNetwork, signal: AbortSignal) {
  const nouns = `${limits.noun ?? "page"}s`;
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refused(`only http and https ${nouns} are read`);
  if (url.username || url.password) throw refused("a URL with credentials is refused");
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(hostname) !== 0;
  const addresses = literal ? [hostname] : await network.resolve(hostname, signal);
  if (isAllowedHost(url, limits.allowedHosts) && addresses.length > 0) return addresses[0];
  const nonPublic = addresses.map(nonPublicRangeOf).find((range) => range !== undefined);
  if (literal && nonPublic) {
    throw refused(`${url.hostname} is a private or local address (${nonPublic}); only public ${nouns} are read`);
  }
  // The same words whether the name has no address or a private one: no map of the internal names.
  if (addresses.length === 0 || nonPublic) {
    throw refused(`${hostname} does not resolve to a public address; only public ${nouns} are read`);
  }
  return addresses[0];
}

/** The page's text, following at most `maxRedirects` redirects, each checked; limited in size and time. */
export async function fetchPage(
  address: string,
  limits: PageLimits,
  network: PageNetwork = dnsNetwork,
): Promise<{ url: string; html: string }> {
  const { url, bytes } = await fetchBody(address, limits, network);
  return { url, html: new TextDecoder().decode(bytes) };
}

/** The body at the address, fetched as fetchPage fetches a page: every hop checked, limited in size and time. */
export async function fetchBody(
  address: string,
  limits: PageLimits,
  network: PageNetwork = dnsNetwork,
): Promise<{ url: string; bytes: Uint8Array; contentType: string | null }> {
  const noun = limits.noun ?? "page";
  let url = URL.parse(address);
  if (!url) throw refused(`url must be an absolute http or https URL`);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    for (let hop = 0; hop <= limits.maxRedirects; hop++) {
      const checked = await checkedAddress(url, limits, network, signal);
      network.beforeConnect?.(checked, portOf(url));
      const response = await requestPinned(url, checked, {
        signal,
        trustedCertificates: network.trustedCertificates,
        accept: limits.accept,
      });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        url = URL.parse(location, url);
        if (!url) throw refused(`the ${noun} redirected to something that is not a URL`);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw refused(`the ${noun} answered ${status}`);
      }
      const contentType = response.headers["content-type"] ?? null;
      return { url: url.href, bytes: await readLimited(response, limits.maxBytes, noun), contentType };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(limits);
  }
  throw refused(`more than ${limits.maxRedirects} redirects`);
}

async function readLimited(response: IncomingMessage, maxBytes: number, noun: string): Promise<Uint8Array> {
  const bytes = await bytesAtMost(response as AsyncIterable<Uint8Array>, maxBytes);
  if (!bytes) {
    response.destroy();
    throw new AppError("PAYLOAD_TOO_LARGE", `the ${noun} is larger than ${maxBytes} bytes`, { field: "url" });
  }
  // A body cut short (the time limit destroys the request, or the server hangs up) is no page.
  if (!response.complete) throw new Error("the body was cut short");
  return bytes;
}
