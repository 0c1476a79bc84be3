import assert from "node:assert/strict";
import type { Sql } from "../../db/client.ts";
import type { InvokeRecord } from "../../db/invoke.ts";

/** One call of the fake: the query text (parameters as $n) and the values, with sql.json values unwrapped. */
export interface RecordedQuery {
  text: string;
  values: unknown[];
}

export interface FakeSql {
  sql: Sql;
  queries: RecordedQuery[];
  /** The request of the last private.invoke call, read from its record by key. */
  lastInvoke(): InvokeArguments;
}

export interface InvokeArguments {
  claims: Record<string, unknown>;
  householdId: string | null;
  tool: string;
  functionName: string;
  input: unknown;
  scope: string;
  isWrite: boolean;
  idempotencyKey: string | null;
  inputHash: string | null;
  recorded: boolean;
}

const invokeRecordKeys: (keyof InvokeRecord)[] = [
  "claims",
  "household_id",
  "tool",
  "function",
  "input",
  "scope",
  "is_write",
  "idempotency_key",
  "input_hash",
  "recorded",
];

class JsonParameter {
  constructor(readonly value: unknown) {}
}

export type FakeResponder = (query: RecordedQuery) => unknown;

/** A canned private.invoke result. */
export function invokeResult(data: unknown, options: { replayed?: boolean; householdId?: string | null } = {}) {
  return [{ result: { replayed: options.replayed ?? false, data, household_id: options.householdId ?? null } }];
}

/**
 * A stand-in for postgres.js's tagged template: records every query and answers with `respond`
 * (rows, or a thrown error to imitate a PostgresError).
 */
export function createFakeSql(respond: FakeResponder = () => invokeResult({ done: true })): FakeSql {
  const queries: RecordedQuery[] = [];
  const tag = (strings: TemplateStringsArray, ...values: unknown[]) => {
    const text = strings.reduce((query, part, index) => `${query}$${index}${part}`);
    const query = {
      text,
      values: values.map((value) => (value instanceof JsonParameter ? value.value : value)),
    };
    queries.push(query);
    return Promise.resolve().then(() => respond(query));
  };
  const sql = Object.assign(tag, { json: (value: unknown) => new JsonParameter(value) }) as unknown as Sql;
  return {
    sql,
    queries,
    lastInvoke() {
      const query = queries.at(-1);
      if (!query) throw new Error("private.invoke was not called");
      if (!/^select private\.invoke_json\(\$1\) as result$/.test(query.text)) {
        throw new Error(`the last query is not private.invoke(record): ${query.text}`);
      }
      const record = query.values[0] as InvokeRecord;
      // What private.invoke refuses: a key missing or unknown (the SQL checks the types too).
      assert.deepEqual(Object.keys(record).sort(), [...invokeRecordKeys].sort(), "the private.invoke record's keys");
      return {
        claims: record.claims,
        householdId: record.household_id,
        tool: record.tool,
        functionName: record.function,
        input: record.input,
        scope: record.scope,
        isWrite: record.is_write,
        idempotencyKey: record.idempotency_key,
        inputHash: record.input_hash,
        recorded: record.recorded,
      };
    },
  };
}

/** An error shaped like postgres.js's PostgresError. */
export function postgresError(code: string, message: string, fields: Record<string, string> = {}): Error {
  return Object.assign(new Error(message), { name: "PostgresError", code, ...fields });
}
