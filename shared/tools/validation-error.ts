import type * as z from "zod";
import { AppError } from "../errors.ts";

const maxListedIssues = 10;

/** `["ingredients", 2, "unit"]` → `ingredients[2].unit`, the form the SQL functions use too. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text === "" ? String(key) : `${text}.${String(key)}`;
  }, "");
}

function issueFields(issue: z.core.$ZodIssue): string[] {
  if (issue.code === "unrecognized_keys") return issue.keys.map((key) => fieldPath([...issue.path, key]));
  return [fieldPath(issue.path)];
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const fields = issueFields(issue);
  if (issue.code === "unrecognized_keys") return `unknown field${fields.length > 1 ? "s" : ""} ${fields.join(", ")}`;
  return fields[0] === "" ? issue.message : `${fields[0]}: ${issue.message}`;
}

/** Used for every parse: a missing field reads "is required" rather than "expected string, received undefined". */
export const requiredFieldMessages: z.core.$ZodErrorMap = (issue) =>
  issue.code === "invalid_type" && issue.input === undefined ? "is required" : undefined;

/** One VALIDATION_ERROR for every issue: `field` is the first issue's path, the message lists them all. */
export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const listed = issues.slice(0, maxListedIssues).map(describeIssue);
  const more = issues.length > maxListedIssues ? `; and ${issues.length - maxListedIssues} more` : "";
  const field = issues.length > 0 ? issueFields(issues[0])[0] : "";
  return new AppError("VALIDATION_ERROR", `${listed.join("; ")}${more}.`, {
    field: field === "" ? undefined : field,
  });
}
