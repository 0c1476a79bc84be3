// A multipart/form-data body, read by hand: storage-js sends a Blob as a part named "" (FormData.append("", blob)),
// which the runtime's own form parser drops. Parts are found by their boundary in the bytes; at most a few are read.
import { invalidRequest } from "./storage-error.ts";

export interface FormPart {
  name: string;
  filename?: string;
  type?: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const maxParts = 10;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  for (let index = haystack.indexOf(first, from); index !== -1; index = haystack.indexOf(first, index + 1)) {
    if (index + needle.length > haystack.length) return -1;
    let matches = true;
    for (let offset = 1; offset < needle.length && matches; offset++) {
      matches = haystack[index + offset] === needle[offset];
    }
    if (matches) return index;
  }
  return -1;
}

export function parseMultipart(body: Uint8Array<ArrayBuffer>, contentType: string): FormPart[] {
  const boundary = /boundary="?([^";]{1,70})"?/i.exec(contentType)?.[1];
  if (!boundary) throw invalidRequest("The multipart body has no boundary");
  const delimiter = encoder.encode(`--${boundary}`);
  const headerEnd = encoder.encode("\r\n\r\n");
  const parts: FormPart[] = [];
  let start = indexOf(body, delimiter, 0);
  if (start === -1) throw invalidRequest("The multipart body could not be read");
  while (true) {
    const afterDelimiter = start + delimiter.length;
    // `--` after a delimiter closes the body.
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) return parts;
    const headersStart = afterDelimiter + 2;
    const headersEnd = indexOf(body, headerEnd, headersStart);
    const next = indexOf(body, delimiter, headersStart);
    if (headersEnd === -1 || next === -1 || headersEnd > next || parts.length === maxParts) {
      throw invalidRequest("The multipart body could not be read");
    }
    const headers = decoder.decode(body.subarray(headersStart, headersEnd));
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
    parts.push({
      name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? "",
      filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
      type: /^content-type:\s*(.*?)\s*$/im.exec(headers)?.[1],
      // The part's bytes end with the CRLF before the next delimiter.
      bytes: body.slice(headersEnd + headerEnd.length, next - 2),
    });
    start = next;
  }
}
