// A WebSocket client over a bare TCP connection, for what a browser's client never does: send frames without ever
// reading what the server answers. It speaks RFC 6455's handshake and masked text frames, and no more.

const encoder = new TextEncoder();

export class RawWebSocket {
  private constructor(private readonly conn: Deno.Conn) {}

  /** Opens the socket at a ws:// URL (path and query kept) and reads the handshake's answer, nothing after. */
  static async open(url: string, protocol?: string): Promise<RawWebSocket> {
    const target = new URL(url);
    const conn = await Deno.connect({ hostname: target.hostname, port: Number(target.port) });
    const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
    const headers = [
      `GET ${target.pathname}${target.search} HTTP/1.1`,
      `Host: ${target.host}`,
      "Upgrade: websocket",
      "Connection: Upgrade",
      `Sec-WebSocket-Key: ${key}`,
      "Sec-WebSocket-Version: 13",
      ...(protocol ? [`Sec-WebSocket-Protocol: ${protocol}`] : []),
    ];
    await writeAll(conn, encoder.encode(headers.join("\r\n") + "\r\n\r\n"));
    // The answer's headers, byte by byte so that nothing after them is taken.
    let head = "";
    const byte = new Uint8Array(1);
    while (!head.endsWith("\r\n\r\n")) {
      if (await conn.read(byte) === null) throw new Error(`the server closed during the handshake: ${head}`);
      head += String.fromCharCode(byte[0]);
    }
    if (!head.startsWith("HTTP/1.1 101")) throw new Error(`the handshake was refused: ${head.split("\r\n")[0]}`);
    return new RawWebSocket(conn);
  }

  /** One masked text frame. */
  static textFrame(text: string): Uint8Array {
    const payload = encoder.encode(text);
    const length = payload.length;
    const header = length < 126
      ? [0x81, 0x80 | length]
      : length < 65536
      ? [0x81, 0x80 | 126, length >> 8, length & 0xff]
      : [
        0x81,
        0x80 | 127,
        0,
        0,
        0,
        0,
        (length >>> 24) & 0xff,
        (length >> 16) & 0xff,
        (length >> 8) & 0xff,
        length & 0xff,
      ];
    const mask = crypto.getRandomValues(new Uint8Array(4));
    const frame = new Uint8Array(header.length + 4 + length);
    frame.set(header);
    frame.set(mask, header.length);
    for (let index = 0; index < length; index++) frame[header.length + 4 + index] = payload[index] ^ mask[index % 4];
    return frame;
  }

  /** Writes bytes (frames); false when the server has stopped taking them. */
  async write(bytes: Uint8Array): Promise<boolean> {
    try {
      await writeAll(this.conn, bytes);
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    try {
      this.conn.close();
    } catch {
      // already closed
    }
  }
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) offset += await conn.write(bytes.subarray(offset));
}
