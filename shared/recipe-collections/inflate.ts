// Inflating with the platform's DecompressionStream, stopped as soon as the output passes what it may be: a bomb
// (a few KB that inflate to gigabytes) costs at most the limit and one chunk, never the whole expansion.
import { AppError } from "../errors.ts";
import { bytesAtMost, type BytesOnArrayBuffer } from "../http/bounded-read.ts";

export type CompressionFormat = "deflate-raw" | "gzip";

/**
 * What a budget of inflated bytes has left, shared by every archive and entry of one call, so nesting or many
 * entries cannot add up past the total.
 */
export class ByteBudget {
  constructor(private remaining: number, private readonly total: number) {}

  /** Takes `bytes` from the budget, or refuses the file naming the limit. */
  take(bytes: number, what: string): void {
    if (bytes > this.remaining) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `${what} would take the file past ${this.total} bytes uncompressed, the most that is read from one file`,
        { field: "data_base64" },
      );
    }
    this.remaining -= bytes;
  }

  get left(): number {
    return this.remaining;
  }
}

/**
 * The data inflated, at most `maxBytes`: past that the stream is cancelled and `tooLarge()` thrown. Data that is
 * not valid in the format (truncated, damaged, trailing junk) is `invalid()`.
 */
export async function inflateBounded(
  data: Uint8Array,
  format: CompressionFormat,
  maxBytes: number,
  errors: { tooLarge: () => Error; invalid: () => Error },
): Promise<Uint8Array> {
  const stream = new Blob([data as BytesOnArrayBuffer]).stream().pipeThrough(new DecompressionStream(format));
  let bytes: Uint8Array | null;
  try {
    bytes = await bytesAtMost(stream, maxBytes);
  } catch {
    throw errors.invalid();
  }
  if (!bytes) throw errors.tooLarge();
  return bytes;
}
