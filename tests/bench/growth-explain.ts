// The plans of a tool's SQL, as the tool runs it: auto_explain (log_analyze, log_buffers, log_nested_statements)
// is loaded into one session that calls private.invoke as the functions do, and its plans come back as notices.
// The call runs after a few of the same in the same session, so plpgsql's cached (possibly generic) plans are the
// ones shown, and in a transaction that is rolled back, so a write changes nothing.
import postgres from "postgres";
import { requireUser } from "../../shared/auth/access-token.ts";
import type { AccessTokenVerifier } from "../../shared/auth/access-token.ts";
import { invokeRecord } from "../../shared/db/invoke.ts";
import { isWriteTool } from "../../shared/tools/define-tool.ts";
import { findTool } from "../../shared/tools/registry.ts";
import { validateToolInput } from "../../shared/tools/runner.ts";
import { sqlFunctionName } from "../../shared/tools/tool-names.ts";
import { type Scenario, toolNameOf } from "./scenario.ts";

export interface PlanScan {
  node: string;
  relation: string;
  index: string | null;
  rows: number;
  removedByFilter: number;
}

interface StatementPlan {
  query: string;
  scans: PlanScan[];
  sharedBlocks: number;
}

export interface ToolPlans {
  scenario: string;
  tool: string;
  /** Shared buffers (hit + read) of the whole call, nested statements included. */
  sharedBlocks: number;
  statements: StatementPlan[];
  text: string;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}

const rollback = new Error("rolled back on purpose");
const warmCalls = 6;

function scansOf(node: PlanNode): PlanScan[] {
  const own: PlanScan[] = node["Relation Name"] || node["Index Name"]
    ? [{
      node: node["Node Type"],
      relation: node["Relation Name"] ?? "",
      index: node["Index Name"] ?? null,
      rows: (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1),
      removedByFilter: ((node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) *
        (node["Actual Loops"] ?? 1),
    }]
    : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)];
}

function planOf(message: string): { query: string; plan: PlanNode } | undefined {
  const start = message.indexOf("{");
  if (start < 0) return undefined;
  const logged = JSON.parse(message.slice(start));
  return { query: logged["Query Text"], plan: logged.Plan };
}

/**
 * The scenario's first `count` bodies, taken in turn, as its tool would send them to private.invoke: as the runner,
 * without an Idempotency-Key, so with no input hash.
 */
async function invokeRecords(scenario: Scenario, verify: AccessTokenVerifier, count: number) {
  const tool = findTool(toolNameOf(scenario));
  if (!tool) throw new Error(`no tool for ${scenario.name}`);
  const caller = scenario.callers[0];
  const bodies = caller.bodies ?? [{}];
  const request = new Request("http://bench.local/", { headers: { authorization: `Bearer ${caller.token}` } });
  const user = await requireUser(request, verify);
  const records = Array.from({ length: count }, (_, index) => {
    const { input, householdId } = validateToolInput(tool, bodies[index % bodies.length], null);
    return invokeRecord({
      user,
      householdId,
      name: tool.name,
      functionName: sqlFunctionName(tool.name),
      input,
      scope: tool.scope,
      isWrite: isWriteTool(tool),
    });
  });
  return { tool: tool.name, records };
}

export async function explainScenario(databaseUrl: string, scenario: Scenario, verify: AccessTokenVerifier) {
  const notices: string[] = [];
  let collecting = false;
  const sql = postgres(databaseUrl, {
    max: 1,
    onnotice: (notice) => {
      if (collecting) notices.push(notice.message);
    },
  });
  try {
    await sql`load 'auto_explain'`;
    for (
      const setting of ["log_analyze", "log_buffers", "log_nested_statements", "log_triggers", "log_timing"]
    ) {
      await sql.unsafe(`set auto_explain.${setting} = on`);
    }
    await sql`set auto_explain.log_level = notice`;
    await sql`set auto_explain.log_min_duration = -1`;
    // Bodies taken in turn, so that a write that consumes its target (check_item) finds a fresh one each time.
    const { tool, records } = await invokeRecords(scenario, verify, warmCalls + 2);
    const call = (transaction: postgres.TransactionSql, index: number) =>
      transaction`select private.invoke(${
        transaction.json(records[index] as unknown as postgres.JSONValue)
      }) as result`;
    const plans = { json: [] as string[], text: [] as string[] };
    await sql.begin(async (sql) => {
      for (let index = 0; index < warmCalls; index++) await call(sql, index);
      for (const [format, index] of [["json", warmCalls], ["text", warmCalls + 1]] as const) {
        await sql.unsafe(`set local auto_explain.log_format = ${format}`);
        await sql`set local auto_explain.log_min_duration = 0`;
        collecting = true;
        await call(sql, index);
        // The outer statement's plan comes when its portal closes, after its result: the next statement waits for it.
        await sql`set local auto_explain.log_min_duration = -1`;
        collecting = false;
        plans[format] = notices.splice(0);
      }
      throw rollback;
    }).catch((error) => {
      if (error !== rollback) throw error;
    });
    const statements = plans.json.map(planOf).filter((logged) => logged !== undefined);
    const top = statements.find((logged) => logged.query.includes("private.invoke"));
    return {
      scenario: scenario.name,
      tool,
      sharedBlocks: blocksOf(top?.plan),
      statements: statements
        .filter((logged) => logged !== top)
        .map((logged) => ({
          query: logged.query.replace(/\s+/g, " ").trim().slice(0, 200),
          scans: scansOf(logged.plan),
          sharedBlocks: blocksOf(logged.plan),
        })),
      text: plans.text.join("\n\n"),
    } satisfies ToolPlans;
  } finally {
    await sql.end();
  }
}

function blocksOf(plan: PlanNode | undefined): number {
  return (plan?.["Shared Hit Blocks"] ?? 0) + (plan?.["Shared Read Blocks"] ?? 0);
}

/** Tables with more rows than this are "big": a sequential scan of one is flagged. */
const bigTableRows = 10_000;

/** What in a tool's plans would make its cost grow with the database. */
export function planFlags(plans: ToolPlans, rowsByTable: Record<string, number>): string[] {
  const flags: string[] = [];
  for (const statement of plans.statements) {
    for (const scan of statement.scans) {
      const tableRows = rowsByTable[scan.relation] ?? 0;
      if (scan.node === "Seq Scan" && tableRows > bigTableRows) {
        flags.push(`Seq Scan on ${scan.relation} (${tableRows} rows) in: ${statement.query.slice(0, 80)}`);
      } else if (scan.removedByFilter > 1000) {
        flags.push(`${scan.node} on ${scan.relation} removed ${scan.removedByFilter} rows by filter`);
      }
    }
  }
  return flags;
}
