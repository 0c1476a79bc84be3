import http from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";

export interface PinnedRequestOptions {
  signal: AbortSignal;
  /** PEM certificates trusted instead of the default roots (tests' own https servers). */
  trustedCertificates?: string[];
  /** The Accept header: text/html unless another is given (an image's). */
  accept?: string;
}

/**
 * GET `url` over a connection to `address`, the address that was checked, never one looked up again: the Host
 * header and the TLS server name (SNI, and the name the certificate must carry) are still the URL's. Deno's
 * fetch resolves the name itself at connection time, so between a check and its connection the name could
 * answer another address (DNS rebinding); node:http's createConnection lets the socket be opened here instead.
 */
export function requestPinned(url: URL, address: string, options: PinnedRequestOptions): Promise<http.IncomingMessage> {
  const secure = url.protocol === "https:";
  const port = Number(url.port) || (secure ? 443 : 80);
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const connect = () =>
    secure
      ? tls.connect({
        host: address,
        port,
        // SNI carries names only; for an IP literal the certificate is checked against the address itself.
        servername: net.isIP(hostname) ? undefined : hostname,
        ca: options.trustedCertificates,
        ALPNProtocols: ["http/1.1"],
      })
      : net.connect({ host: address, port });
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request({
      host: hostname,
      port,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      // The user-agent Deno's fetch sent before: some sites refuse a request without one.
      headers: {
        host: url.host,
        accept: options.accept ?? "text/html",
        "user-agent": `Deno/${Deno.version.deno}`,
        connection: "close",
      },
      createConnection: connect,
    }, resolve);
    // The signal stays armed after the headers: destroying the request then ends a body that is still coming.
    const abort = () => request.destroy(options.signal.reason);
    if (options.signal.aborted) abort();
    options.signal.addEventListener("abort", abort, { once: true });
    request.on("error", reject);
    request.end();
  });
}
