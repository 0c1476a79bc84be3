import { AppError } from "../errors.ts";

export interface PageLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** host:port pairs allowed although they resolve to private addresses (tests' local servers). */
  allowedHosts: string[];
}

export const pageLimits: Omit<PageLimits, "allowedHosts"> = {
  // 8 MiB: some real recipe pages pass 2 MiB with inline scripts and images (recipe.import_url, issue 2).
  maxBytes: 8 * 1024 * 1024,
  timeoutMs: 4000,
  maxRedirects: 5,
};

function refused(message: string): AppError {
  return new AppError("VALIDATION_ERROR", message, { field: "url" });
}

/** True for addresses a server must never be made to fetch: loopback, private, link-local (metadata), … */
export function isPrivateAddress(address: string): boolean {
  const ip = address.toLowerCase().replace(/^\[|\]$/g, "");
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip.replace(/^::ffff:/, ""));
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  return ip === "::" || ip === "::1" || /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip) || ip.startsWith("ff");
}

async function addressesOf(hostname: string): Promise<string[]> {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(":")) return [hostname];
  const found: string[] = [];
  for (const type of ["A", "AAAA"] as const) {
    try {
      found.push(...await Deno.resolveDns(hostname, type));
    } catch {
      // no record of this type
    }
  }
  if (found.length === 0) throw refused(`${hostname} does not resolve`);
  return found;
}

// Every hop is checked after DNS resolution, so a public name pointing at a private address, or a redirect to
// one, is refused. (The address can still change between this check and the connection: DNS rebinding is
// narrowed, not closed, as fetch cannot be pinned to the checked address.)
async function checkUrl(url: URL, limits: PageLimits): Promise<void> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refused("only http and https pages are read");
  if (url.username || url.password) throw refused("a URL with credentials is refused");
  const hostPort = `${url.hostname.replace(/^\[|\]$/g, "")}:${url.port || (url.protocol === "https:" ? 443 : 80)}`;
  if (limits.allowedHosts.includes(hostPort.toLowerCase())) return;
  for (const address of await addressesOf(url.hostname.replace(/^\[|\]$/g, ""))) {
    if (isPrivateAddress(address)) {
      throw refused(`${url.hostname} is a private or local address; only public pages are read`);
    }
  }
}

/** The page's text, following at most `maxRedirects` redirects, each checked; limited in size and time. */
export async function fetchPage(address: string, limits: PageLimits): Promise<{ url: string; html: string }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw refused("url must be an absolute http or https URL");
  }
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    for (let hop = 0; hop <= limits.maxRedirects; hop++) {
      await checkUrl(url, limits);
      const response = await fetch(url, { redirect: "manual", signal, headers: { accept: "text/html" } });
      if (response.status >= 300 && response.status < 400 && response.headers.get("location")) {
        await response.body?.cancel();
        url = new URL(response.headers.get("location")!, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw refused(`the page answered ${response.status}`);
      }
      return { url: url.href, html: await readLimited(response, limits.maxBytes) };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) throw new AppError("UNAVAILABLE", "the page took too long to answer", { retryable: true });
    throw new AppError("UNAVAILABLE", `the page could not be fetched: ${(error as Error).message}`, {
      retryable: true,
    });
  }
  throw refused(`more than ${limits.maxRedirects} redirects`);
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError("PAYLOAD_TOO_LARGE", `the page is larger than ${maxBytes} bytes`, { field: "url" });
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
