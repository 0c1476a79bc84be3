// A bucket's allowed types, compared as Storage compares them. What an upload's bytes are is read by
// shared/images/image-type.ts, from the bytes themselves.
/** Whether `type` is one of a bucket's allowed types (`image/*` allows every image type), as Storage compares them. */
export function typeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [kind, subtype] = type.toLowerCase().split(";")[0].trim().split("/");
  if (!kind || !subtype) return false;
  return allowed.some((entry) => {
    const [allowedKind, allowedSubtype] = entry.toLowerCase().split("/");
    return allowedKind === kind && (allowedSubtype === "*" || allowedSubtype === subtype);
  });
}
