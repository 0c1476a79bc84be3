/** One household of the mixed load: its user's token and the rows its requests name. */
export interface MixedHousehold {
  token: string;
  recipeIds: string[];
  readListId: string;
  pushListId: string;
  addListId: string;
  checkItemIds: string[];
}

export interface MixedPlan {
  apiUrl: string;
  /** The process serving the functions (the bench's own: the stack runs in it), whose memory is watched. */
  serverPid: number;
  seconds: number;
  concurrency: number;
  households: MixedHousehold[];
  ingredientIds: string[];
}

export interface OperationFigures {
  requests: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
}

export interface MixedResult {
  seconds: number;
  concurrency: number;
  households: number;
  requests: number;
  rps: number;
  errors: number;
  error_examples: string[];
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  operations: Record<string, OperationFigures>;
  server_rss_mb: { start: number; end: number; peak: number; samples: number[] };
}
