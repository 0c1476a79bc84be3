import { createLocalJWKSet, errors as joseErrors, type JSONWebKeySet, jwtVerify } from "jose";
import { type SigningKey, signToken } from "../stack/signing-key.ts";
import { StorageFailure } from "./storage-error.ts";

/** The scope Storage writes in a download token (its SIGNED_URL_SCOPE_DOWNLOAD); an upload token's differs. */
const downloadScope = "download";
/** Storage's bound on expiresIn: a signed URL lives at most as long as a 32-bit JWT expiry allows; here a year. */
export const maxExpiresInSeconds = 365 * 24 * 3600;

export const invalidSignature = (message = "Invalid signature") =>
  new StorageFailure(400, "InvalidSignature", "InvalidSignature", message);
export const expiredSignature = () =>
  new StorageFailure(400, "ExpiredToken", "ExpiredToken", "The provided token has expired.");

/**
 * Signed download URLs as Storage makes them: a JWT signed with the project's key whose `url` is `<bucket>/<name>`
 * and whose `scope` is download, expiring after `expiresIn` seconds; the path Storage answers with is
 * `/object/sign/<bucket>/<name>?token=…` (storage-js puts the Storage URL in front of it).
 */
export class SignedUrls {
  private readonly keySet;

  constructor(private readonly signingKey: SigningKey, jwks: JSONWebKeySet) {
    this.keySet = createLocalJWKSet(jwks);
  }

  async sign(bucket: string, name: string, expiresIn: number): Promise<string> {
    const url = `${bucket}/${name}`;
    const token = await signToken(this.signingKey, { url, scope: downloadScope }, expiresIn);
    return `/object/sign/${url}?token=${token}`;
  }

  /** Whether `token` was signed here for downloading exactly `<bucket>/<name>` and has not expired. */
  async verify(token: string, bucket: string, name: string): Promise<void> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.keySet, { algorithms: ["ES256"], requiredClaims: ["exp"] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw expiredSignature();
      throw new StorageFailure(400, "InvalidJWT", "InvalidJWT", "Invalid JWT");
    }
    if (payload.scope !== downloadScope) throw invalidSignature(`Token is not scoped for ${downloadScope}`);
    if (payload.url !== `${bucket}/${name}`) throw invalidSignature();
  }
}
