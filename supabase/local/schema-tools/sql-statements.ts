// SQL files as statements, each with the comment block written directly above it, and the object each statement
// defines. Enough of PostgreSQL's lexer for our own files (comments, quoted strings and identifiers, dollar quotes),
// not a parser: the schema migration generator finds a function's, trigger's or policy's text in supabase/schemas
// through it.

export interface Statement {
  /** The statement, from its first keyword to its semicolon. */
  text: string;
  /** The `--` lines directly above it (no blank line between), without section banners. */
  comment: string;
  /** 1-based line of its first keyword. */
  line: number;
}

const banner = /^--\s*={5,}/;

/** The statements of a SQL file, in order. */
export function splitStatements(source: string): Statement[] {
  const statements: Statement[] = [];
  let pendingComment: string[] = [];
  let start = -1;
  let startLine = 0;
  let line = 1;
  let lineStart = 0;
  let index = 0;
  const startHere = () => {
    if (start >= 0) return;
    start = index;
    startLine = line;
  };
  while (index < source.length) {
    const character = source[index];
    if (character === "\n") {
      if (start < 0 && source.slice(lineStart, index).trim() === "") pendingComment = [];
      line++;
      index++;
      lineStart = index;
      continue;
    }
    if (character === "-" && source[index + 1] === "-") {
      const end = source.indexOf("\n", index);
      const stop = end < 0 ? source.length : end;
      if (start < 0) pendingComment.push(source.slice(index, stop));
      index = stop;
      continue;
    }
    if (character === "/" && source[index + 1] === "*") {
      const end = source.indexOf("*/", index + 2);
      const stop = end < 0 ? source.length : end + 2;
      line += source.slice(index, stop).split("\n").length - 1;
      index = stop;
      continue;
    }
    if (/\s/.test(character)) {
      index++;
      continue;
    }
    startHere();
    if (character === "'" || character === '"') {
      const escapes = character === "'" && /[eE]/.test(source[index - 1] ?? "") &&
        !/\w/.test(source[index - 2] ?? "");
      let cursor = index + 1;
      while (cursor < source.length) {
        if (escapes && source[cursor] === "\\") cursor += 2;
        else if (source[cursor] === character && source[cursor + 1] === character) cursor += 2;
        else if (source[cursor] === character) break;
        else cursor++;
      }
      line += source.slice(index, cursor).split("\n").length - 1;
      index = cursor + 1;
      continue;
    }
    if (character === "$") {
      const tag = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(source.slice(index));
      if (tag && !/\w/.test(source[index - 1] ?? "")) {
        const end = source.indexOf(tag[0], index + tag[0].length);
        const stop = end < 0 ? source.length : end + tag[0].length;
        line += source.slice(index, stop).split("\n").length - 1;
        index = stop;
        continue;
      }
    }
    if (character === ";") {
      statements.push({ text: source.slice(start, index + 1), comment: commentBlock(pendingComment), line: startLine });
      start = -1;
      pendingComment = [];
    }
    index++;
  }
  return statements;
}

function commentBlock(lines: string[]): string {
  const lastBanner = lines.findLastIndex((text) => banner.test(text));
  return lines.slice(lastBanner + 1).join("\n");
}

/** The text of a statement with its comment above it, as a schema file holds it. */
export function withComment(statement: Statement): string {
  return statement.comment ? `${statement.comment}\n${statement.text}` : statement.text;
}

const identifier = String.raw`(?:"[^"]+"|[A-Za-z_][A-Za-z_0-9$]*)`;
const qualified = String.raw`${identifier}(?:\s*\.\s*${identifier})?`;

/** A name as the catalog spells it: unquoted parts lower-cased, quoted kept, `public.` added when unqualified. */
export function normalName(name: string, defaultSchema = "public"): string {
  const parts = name.match(new RegExp(identifier, "g"))!.map((part) =>
    part.startsWith('"') ? part.slice(1, -1) : part.toLowerCase()
  );
  return parts.length === 1 ? `${defaultSchema}.${parts[0]}` : parts.join(".");
}

const typeAliases: Record<string, string> = {
  int: "integer",
  int4: "integer",
  int8: "bigint",
  int2: "smallint",
  bool: "boolean",
  "timestamp with time zone": "timestamptz",
  "character varying": "varchar",
  float8: "double precision",
  decimal: "numeric",
};
const typeWords = new Set([
  "double",
  "timestamp",
  "timestamptz",
  "time",
  "character",
  "bit",
  "interval",
  "setof",
]);

/** `(p_id uuid, p_input jsonb default '{}')` → `uuid,jsonb`: the argument types that name a function. */
export function argumentTypes(parameters: string): string {
  const types: string[] = [];
  for (const raw of splitTopLevel(parameters)) {
    let parameter = raw.trim().replace(/\s+(default\b|=)[\s\S]*$/i, "").trim();
    if (parameter === "") continue;
    const mode = /^(in|out|inout|variadic)\s+/i.exec(parameter);
    if (mode) {
      if (mode[1].toLowerCase() === "out") continue;
      parameter = parameter.slice(mode[0].length);
    }
    const words = parameter.split(/\s+/);
    if (words.length > 1 && !typeWords.has(words[0].toLowerCase())) words.shift();
    let type = words.join(" ").toLowerCase().replace(/\s*\[\s*\]/g, "[]");
    const array = type.endsWith("[]") ? "[]" : "";
    type = type.replace(/\[\]$/, "");
    type = typeAliases[type] ?? type;
    if (type.startsWith("public.")) type = type.slice("public.".length);
    types.push(type + array);
  }
  return types.join(",");
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  let quote: string | null = null;
  for (const character of text) {
    if (quote) {
      if (character === quote) quote = null;
    } else if (character === "'" || character === '"') quote = character;
    else if (character === "(") depth++;
    else if (character === ")") depth--;
    else if (character === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += character;
  }
  parts.push(current);
  return parts;
}

/** `private.f(uuid, jsonb)` from `private.f(p_id uuid, p_input jsonb)`, as a statement names a function. */
export function functionKey(name: string, parameters: string): string {
  return `function ${normalName(name)}(${argumentTypes(parameters)})`;
}

/** The text between the parenthesis at `open` and its match. */
export function parenthesised(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "(") depth++;
    else if (text[index] === ")" && --depth === 0) return text.slice(open + 1, index);
  }
  throw new Error(`unbalanced parentheses in ${text.slice(0, 80)}`);
}

export type StatementKind =
  | { kind: "function"; key: string }
  | { kind: "trigger"; key: string; table: string }
  | { kind: "policy"; key: string; table: string }
  | { kind: "table"; key: string }
  | { kind: "view"; key: string }
  | { kind: "other" };

/**
 * What a `create` statement defines, keyed as the generator compares them: `function schema.name(types)`,
 * `trigger schema.table name`, `policy schema.table name`, `table schema.name`.
 */
export function definedObject(text: string): StatementKind {
  const fn = new RegExp(String.raw`^create\s+(?:or\s+replace\s+)?(?:function|procedure)\s+(${qualified})\s*\(`, "i")
    .exec(text);
  if (fn) return { kind: "function", key: functionKey(fn[1], parenthesised(text, fn[0].length - 1)) };
  const trigger = new RegExp(
    String.raw`^create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+(${identifier})[\s\S]*?\son\s+(${qualified})`,
    "i",
  ).exec(text);
  if (trigger) {
    const table = normalName(trigger[2]);
    return { kind: "trigger", key: `trigger ${table} ${normalName(trigger[1], "").slice(1)}`, table };
  }
  const policy = new RegExp(String.raw`^create\s+policy\s+(${identifier})\s+on\s+(${qualified})`, "i").exec(text);
  if (policy) {
    const table = normalName(policy[2]);
    return { kind: "policy", key: `policy ${table} ${normalName(policy[1], "").slice(1)}`, table };
  }
  const table = new RegExp(String.raw`^create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?(${qualified})`, "i")
    .exec(text);
  if (table) return { kind: "table", key: `table ${normalName(table[1])}` };
  const view = new RegExp(
    String.raw`^create\s+(?:or\s+replace\s+)?(?:materialized\s+)?view\s+(?:if\s+not\s+exists\s+)?(${qualified})`,
    "i",
  ).exec(text);
  if (view) return { kind: "view", key: `view ${normalName(view[1])}` };
  return { kind: "other" };
}
