// The trees the REST translator passes between its stages:
// query string --parse--> ParsedQuery --plan (catalog)--> PlanNode --render--> { sql, params }.

export type Operator =
  | 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte'
  | 'like' | 'ilike' | 'match' | 'imatch'
  | 'is' | 'isdistinct' | 'in'
  | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxl' | 'nxr' | 'adj'
  | 'fts' | 'plfts' | 'phfts' | 'wfts';

export type Aggregate = 'count' | 'sum' | 'avg' | 'max' | 'min';

/** A JSON path step after a column: `->key` (json) or `->>key` (text). */
export interface JsonStep { arrow: '->' | '->>'; key: string }

/** `select=` items. */
export type SelectItem =
  | { type: 'star' }
  /** `aggregate`: `col.sum()`, `count()` (name `*`); `aggregateCast` is a cast after the aggregate call. */
  | { type: 'column'; name: string; alias?: string; cast?: string; json?: JsonStep[]; aggregate?: Aggregate; aggregateCast?: string }
  | { type: 'embed'; name: string; alias?: string; hint?: string; inner: boolean; select: SelectItem[]; spread?: boolean };

/** One filter or a logic tree (`or=(...)`, `and=(...)`, `not.or=(...)`). */
export type Condition =
  | { type: 'filter'; column: string; json?: JsonStep[]; negate: boolean; op: Operator; value: string | string[]; config?: string; quantifier?: 'any' | 'all' }
  | { type: 'logic'; op: 'and' | 'or'; negate: boolean; conditions: Condition[] };

/** `relation` set: ordering by a column of a to-one embed (`order=owner(name).desc`). */
export interface OrderTerm { relation?: string; column: string; json?: JsonStep[]; dir?: 'asc' | 'desc'; nulls?: 'first' | 'last' }

/** Everything the query string says, before the catalog is consulted. `path` is the embed path ([] = the root). */
export interface ParsedQuery {
  select: SelectItem[];
  filters: { path: string[]; condition: Condition }[];
  order: { path: string[]; terms: OrderTerm[] }[];
  limits: { path: string[]; limit?: number; offset?: number }[];
  columns?: string[];
  onConflict?: string[];
}

export interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
}

// ---- the validated plan: only names the catalog knows, ready to render ----

export type PlanColumn =
  | { kind: 'star' }
  /** `computed`: a computed field, the function `name(row)` of this relation's row type. */
  | { kind: 'column'; name: string; key: string; cast?: string; json?: JsonStep[]; computed?: boolean; aggregate?: Aggregate; aggregateCast?: string }
  /** `spread`: `...target(cols)`, a to-one embed whose fields join the parent's. */
  | { kind: 'embed'; key: string; node: PlanNode; output: boolean; spread?: boolean };

export type PlanCondition =
  | { kind: 'filter'; column: string; json?: JsonStep[]; negate: boolean; op: Operator; value: string | string[]; config?: string; quantifier?: 'any' | 'all'; computed?: boolean; tsvector?: boolean }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; conditions: PlanCondition[] }
  /** `!inner` embeds and `embed=is.null` / `embed=not.is.null` filters. */
  | { kind: 'exists'; negate: boolean; node: PlanNode };

export interface PlanOrder { column: string; computed?: boolean; json?: JsonStep[]; dir: 'asc' | 'desc'; nulls?: 'first' | 'last'; embed?: PlanNode }

export interface PlanNode {
  relation: string;
  /** The relation's schema; `public` when absent. */
  schema?: string;
  columns: PlanColumn[];
  where: PlanCondition[];
  order: PlanOrder[];
  limit?: number;
  offset?: number;
  /** Embedded nodes only: how the child correlates with its parent, as [parent column, child column] pairs. */
  join?: [string, string][];
  /** Embedded nodes only: many-to-one / one-to-one render an object (or null), one-to-many an array. */
  toOne?: boolean;
  /** Embedded many-to-many: rows of the child reachable through a junction table ([parent|child column, junction column] pairs). */
  junction?: { relation: string; toParent: [string, string][]; toChild: [string, string][] };
  /** Embedded computed relationship: the child rows are `fn(parent row)`. */
  fn?: string;
}

/** `counted`: the statement answers one row with `n`, `inserted` and, with a representation, `body`. */
export interface RenderedSql { sql: string; params: (string | null)[]; counted?: boolean }
