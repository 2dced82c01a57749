// The PostgREST query-string grammar of local-supabase/rest, as a table of { input, tree }.
import { describe, expect, it } from 'vitest';
import { RestError } from '../../local-supabase/rest/errors.ts';
import { parsePrefer, parseQuery, parseRange } from '../../local-supabase/rest/parse.ts';
import type { Condition, ParsedQuery } from '../../local-supabase/rest/types.ts';

const STAR = [{ type: 'star' as const }];
const tree = (t: Partial<ParsedQuery>): ParsedQuery => ({ select: STAR, filters: [], order: [], limits: [], ...t });
const f = (column: string, op: string, value: string | string[], negate = false): Condition =>
  ({ type: 'filter', column, op, value, negate }) as Condition;
const root = (condition: Condition) => ({ path: [], condition });

const cases: { name: string; input: string; tree: ParsedQuery }[] = [
  { name: 'a column list', input: 'select=id,title',
    tree: tree({ select: [{ type: 'column', name: 'id' }, { type: 'column', name: 'title' }] }) },
  { name: 'an empty select means every column', input: 'select=', tree: tree({}) },
  { name: 'star, an aliased embed with an FK hint and an !inner embed',
    input: 'select=*,owner:owners!todos_owner_id_fkey(name),tags!inner(name)',
    tree: tree({ select: [
      { type: 'star' },
      { type: 'embed', name: 'owners', alias: 'owner', hint: 'todos_owner_id_fkey', inner: false, select: [{ type: 'column', name: 'name' }] },
      { type: 'embed', name: 'tags', inner: true, select: [{ type: 'column', name: 'name' }] },
    ] }) },
  { name: 'embedding by FK column, casts and quoted names', input: 'select=owner:owner_id(id,name),id::text,"my col"',
    tree: tree({ select: [
      { type: 'embed', name: 'owner_id', alias: 'owner', inner: false, select: [{ type: 'column', name: 'id' }, { type: 'column', name: 'name' }] },
      { type: 'column', name: 'id', cast: 'text' },
      { type: 'column', name: 'my col' },
    ] }) },
  { name: 'a spread embed', input: 'select=id,...owners!todos_owner_id_fkey(dono:name)',
    tree: tree({ select: [
      { type: 'column', name: 'id' },
      { type: 'embed', name: 'owners', hint: 'todos_owner_id_fkey', inner: false, select: [{ type: 'column', name: 'name', alias: 'dono' }], spread: true },
    ] }) },
  { name: 'whitespace between items is ignored', input: 'select= id , tasks ( title )',
    tree: tree({ select: [{ type: 'column', name: 'id' }, { type: 'embed', name: 'tasks', inner: false, select: [{ type: 'column', name: 'title' }] }] }) },
  { name: 'an embed with no columns', input: 'select=id,tags()',
    tree: tree({ select: [{ type: 'column', name: 'id' }, { type: 'embed', name: 'tags', inner: false, select: [] }] }) },
  { name: 'eq, like with * wildcards and is', input: 'id=eq.5&title=like.*pão*&done=is.null',
    tree: tree({ filters: [root(f('id', 'eq', '5')), root(f('title', 'like', '*pão*')), root(f('done', 'is', 'null'))] }) },
  { name: 'values keep dots and commas after the operator', input: 'title=eq.a.b,c&due=gte.2026-01-01',
    tree: tree({ filters: [root(f('title', 'eq', 'a.b,c')), root(f('due', 'gte', '2026-01-01'))] }) },
  { name: 'in with quoted values, and not.in', input: 'id=in.(1,2,"a,b")&priority=not.in.(1,2)',
    tree: tree({ filters: [root(f('id', 'in', ['1', '2', 'a,b'])), root(f('priority', 'in', ['1', '2'], true))] }) },
  { name: 'any/all quantifiers over a {list}', input: 'title=like(any).{*a*,b%}&priority=not.gt(all).{1,2}',
    tree: tree({ filters: [
      root({ type: 'filter', column: 'title', negate: false, op: 'like', value: '{*a*,b%}', quantifier: 'any' }),
      root({ type: 'filter', column: 'priority', negate: true, op: 'gt', value: '{1,2}', quantifier: 'all' }),
    ] }) },
  { name: 'an empty in list', input: 'id=in.()', tree: tree({ filters: [root(f('id', 'in', []))] }) },
  { name: 'is accepts true/false/unknown in any case', input: 'done=is.TRUE&x=not.is.unknown',
    tree: tree({ filters: [root(f('done', 'is', 'true')), root(f('x', 'is', 'unknown', true))] }) },
  { name: 'a nested or/and logic tree', input: 'or=(priority.gt.2,and(done.eq.false,priority.is.null))',
    tree: tree({ filters: [root({ type: 'logic', op: 'or', negate: false, conditions: [
      f('priority', 'gt', '2'),
      { type: 'logic', op: 'and', negate: false, conditions: [f('done', 'eq', 'false'), f('priority', 'is', 'null')] },
    ] })] }) },
  { name: 'a negated logic tree and a negated filter inside', input: 'not.and=(done.eq.true,title.not.ilike.*x*)',
    tree: tree({ filters: [root({ type: 'logic', op: 'and', negate: true, conditions: [f('done', 'eq', 'true'), f('title', 'ilike', '*x*', true)] })] }) },
  { name: 'quoted and array values inside a logic tree', input: 'or=(title.eq."a,b",labels.cs.{a,b},id.in.(1,2))',
    tree: tree({ filters: [root({ type: 'logic', op: 'or', negate: false, conditions: [
      f('title', 'eq', 'a,b'), f('labels', 'cs', '{a,b}'), f('id', 'in', ['1', '2']),
    ] })] }) },
  { name: 'filters, order, limit and logic on an embedded resource',
    input: 'tags.name=eq.urgente&tags.order=name.desc&tags.limit=2&tags.or=(name.eq.a,name.eq.b)',
    tree: tree({
      filters: [
        { path: ['tags'], condition: f('name', 'eq', 'urgente') },
        { path: ['tags'], condition: { type: 'logic', op: 'or', negate: false, conditions: [f('name', 'eq', 'a'), f('name', 'eq', 'b')] } },
      ],
      order: [{ path: ['tags'], terms: [{ column: 'name', dir: 'desc' }] }],
      limits: [{ path: ['tags'], limit: 2 }],
    }) },
  { name: 'order with directions and nulls, limit and offset', input: 'order=created_at.desc.nullslast,id,due.nullsfirst&limit=10&offset=20',
    tree: tree({
      order: [{ path: [], terms: [{ column: 'created_at', dir: 'desc', nulls: 'last' }, { column: 'id' }, { column: 'due', nulls: 'first' }] }],
      limits: [{ path: [], limit: 10, offset: 20 }],
    }) },
  { name: 'order by a column of an embedded resource', input: 'order=owner(name).desc,id',
    tree: tree({ order: [{ path: [], terms: [{ relation: 'owner', column: 'name', dir: 'desc' }, { column: 'id' }] }] }) },
  { name: 'full-text search with a config', input: 'title=wfts(portuguese).pão',
    tree: tree({ filters: [root({ type: 'filter', column: 'title', negate: false, op: 'wfts', value: 'pão', config: 'portuguese' })] }) },
  { name: 'JSON paths in select (the last key names the field), filters, logic trees and order',
    input: 'select=meta->lista,x:meta->>lista,meta->tags->0&meta->>lista=eq.mercado&or=(meta->>n.gt.1)&order=meta->>lista.desc',
    tree: tree({
      select: [
        { type: 'column', name: 'meta', alias: 'lista', json: [{ arrow: '->', key: 'lista' }] },
        { type: 'column', name: 'meta', alias: 'x', json: [{ arrow: '->>', key: 'lista' }] },
        { type: 'column', name: 'meta', json: [{ arrow: '->', key: 'tags' }, { arrow: '->', key: '0' }] },
      ],
      filters: [
        root({ type: 'filter', column: 'meta', json: [{ arrow: '->>', key: 'lista' }], negate: false, op: 'eq', value: 'mercado' }),
        root({ type: 'logic', op: 'or', negate: false, conditions: [{ type: 'filter', column: 'meta', json: [{ arrow: '->>', key: 'n' }], negate: false, op: 'gt', value: '1' }] }),
      ],
      order: [{ path: [], terms: [{ column: 'meta', json: [{ arrow: '->>', key: 'lista' }], dir: 'desc' }] }],
    }) },
  { name: 'columns and on_conflict', input: 'columns="title","done"&on_conflict=id',
    tree: tree({ columns: ['title', 'done'], onConflict: ['id'] }) },
];

describe('rest parser: query string → tree', () => {
  for (const c of cases) {
    it(c.name, () => {
      expect(parseQuery(new URLSearchParams(c.input))).toEqual(c.tree);
    });
  }

  it('leaves GET /rpc argument names to the caller', () => {
    expect(parseQuery(new URLSearchParams('a=1&b=2&id=eq.1'), new Set(['a', 'b']))).toEqual(tree({ filters: [root(f('id', 'eq', '1'))] }));
  });
});

const errors: { input: string; message: string; details: string }[] = [
  { input: 'select=id,(', message: '"failed to parse select parameter (id,()" (line 1, column 4)', details: 'unexpected "(" expecting field name' },
  { input: 'select=id,tags(name', message: '"failed to parse select parameter (id,tags(name)" (line 1, column 13)', details: 'unexpected end of input expecting ")"' },
  { input: 'id=xx.1', message: '"failed to parse filter (xx.1)" (line 1, column 1)', details: 'unexpected "x" expecting "not" or operator (eq, gt, ...)' },
  { input: 'id=eq', message: '"failed to parse filter (eq)" (line 1, column 1)', details: 'unexpected "e" expecting "not" or operator (eq, gt, ...)' },
  { input: 'id=in.(1,2', message: '"failed to parse filter (in.(1,2)" (line 1, column 8)', details: 'unexpected end of input expecting ")"' },
  { input: 'or=(a.eq.1', message: '"failed to parse logic tree ((a.eq.1)" (line 1, column 8)', details: 'unexpected end of input expecting ")"' },
  { input: 'or=a.eq.1', message: '"failed to parse logic tree (a.eq.1)" (line 1, column 1)', details: 'unexpected "a" expecting "("' },
  { input: 'order=id.up', message: '"failed to parse order (id.up)" (line 1, column 4)', details: 'unexpected "u" expecting "asc", "desc", "nullsfirst" or "nullslast"' },
  { input: 'limit=-1', message: '"failed to parse limit (-1)" (line 1, column 1)', details: 'unexpected "-" expecting digit' },
  { input: 'done=is.maybe', message: '"failed to parse filter (is.maybe)" (line 1, column 4)', details: 'unexpected "m" expecting null or trilean value (null, true, false, unknown)' },
];

describe('rest parser: bad syntax is PGRST100 with PostgREST-like message and details', () => {
  for (const e of errors) {
    it(e.input, () => {
      let thrown: unknown;
      try {
        parseQuery(new URLSearchParams(e.input));
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(RestError);
      expect((thrown as RestError).body()).toEqual({ code: 'PGRST100', message: e.message, details: e.details, hint: null });
      expect((thrown as RestError).status).toBe(400);
    });
  }
});

describe('rest parser: headers', () => {
  it('reads several preferences from one Prefer header', () => {
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates, missing=default, tx=rollback, bogus=1, handling=strict, max-affected=3')).toEqual({
      return: 'representation', count: 'exact', resolution: 'merge-duplicates', missing: 'default', tx: 'rollback', handling: 'strict', maxAffected: 3,
    });
  });
  it('turns a Range header into offset and limit', () => {
    expect(parseRange('0-24')).toEqual({ offset: 0, limit: 25 });
    expect(parseRange('items=10-')).toEqual({ offset: 10 });
    expect(parseRange('5-2')).toBeUndefined();
    expect(parseRange('bytes=a-b')).toBeUndefined();
  });
});
