// The pure parts of /realtime/v1 and /functions/v1: postgres_changes filters, the Phoenix frames of both serializers
// (binary broadcasts included), cron schedules and the functions' .env file.
import { describe, expect, it } from 'vitest';
import { parseDotEnv } from '../../local-supabase/functions/index.ts';
import { cronMatches, parseSchedule } from '../../local-supabase/functions/schedule.ts';
import { matchesFilter, parseFilter } from '../../local-supabase/realtime/filters.ts';
import { decodeFrame, encodeFrame } from '../../local-supabase/realtime/protocol.ts';

describe('postgres_changes filters', () => {
  it('parses each operator and refuses anything else', () => {
    expect(parseFilter('status=eq.open')).toEqual({ column: 'status', op: 'eq', values: ['open'] });
    expect(parseFilter('n=in.(1,2,3)')).toEqual({ column: 'n', op: 'in', values: ['1', '2', '3'] });
    expect(parseFilter('nome=in.("a,b",c)')).toEqual({ column: 'nome', op: 'in', values: ['a,b', 'c'] });
    expect(parseFilter('n=like.5')).toBeNull();
    expect(parseFilter('n=in.1,2')).toBeNull();
    expect(parseFilter('sem-operador')).toBeNull();
  });

  it('compares as the column type: numbers as numbers, times as instants, null matching nothing', () => {
    const f = (s: string) => parseFilter(s)!;
    expect(matchesFilter(f('n=gt.9'), { n: 10 }, 'int4')).toBe(true); // '10' > '9' would be false as text
    expect(matchesFilter(f('n=lte.10'), { n: 10 }, 'int8')).toBe(true);
    expect(matchesFilter(f('at=lt.2026-01-02T00:00:00Z'), { at: '2026-01-01T23:00:00+00:00' }, 'timestamptz')).toBe(true);
    expect(matchesFilter(f('id=eq.ABC'), { id: 'abc' }, 'uuid')).toBe(true);
    expect(matchesFilter(f('n=neq.1'), { n: null }, 'int4')).toBe(false);
    expect(matchesFilter(f('done=eq.true'), { done: true }, 'bool')).toBe(true);
  });
});

describe('Phoenix frames', () => {
  it('reads and writes serializer 2.0.0 arrays and 1.0.0 objects', () => {
    const m = decodeFrame(Buffer.from('["1","2","realtime:x","phx_join",{"a":1}]'), false, '2.0.0');
    expect(m).toEqual({ joinRef: '1', ref: '2', topic: 'realtime:x', event: 'phx_join', payload: { a: 1 } });
    expect(encodeFrame(m!, '2.0.0')).toBe('["1","2","realtime:x","phx_join",{"a":1}]');
    const v1 = decodeFrame(Buffer.from('{"join_ref":null,"ref":"3","topic":"phoenix","event":"heartbeat","payload":{}}'), false, '1.0.0');
    expect(v1).toMatchObject({ ref: '3', topic: 'phoenix', event: 'heartbeat' });
    expect(decodeFrame(Buffer.from('not json'), false, '2.0.0')).toBeNull();
  });

  it('decodes a binary user broadcast push and encodes a binary broadcast for 2.0.0 only', () => {
    const parts = ['1', '5', 'realtime:sala', 'digitando'].map((s) => Buffer.from(s));
    const push = Buffer.concat([Buffer.from([3, 1, 1, 13, 9, 0, 1]), ...parts, Buffer.from('{"nome":"Ana"}')]);
    expect(decodeFrame(push, true, '2.0.0')).toEqual({
      joinRef: '1',
      ref: '5',
      topic: 'realtime:sala',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'digitando', payload: { nome: 'Ana' } },
    });
    const out = encodeFrame(
      { joinRef: null, ref: null, topic: 'realtime:sala', event: 'broadcast', payload: { type: 'broadcast', event: 'e', payload: Buffer.from([1, 2]) } },
      '2.0.0',
    ) as Buffer;
    expect([...out.subarray(0, 5)]).toEqual([4, 13, 1, 0, 0]);
    expect([...out.subarray(-2)]).toEqual([1, 2]);
  });
});

describe('schedules and secrets', () => {
  it('reads cron expressions and second intervals, and refuses bad ones', () => {
    const every5 = parseSchedule({ name: 'a', schedule: '*/5 * * * *', function: 'f' }, 'x');
    expect(cronMatches(every5.cron!, new Date('2026-11-27T10:15:00Z'))).toBe(true);
    expect(cronMatches(every5.cron!, new Date('2026-11-27T10:16:00Z'))).toBe(false);
    const weekdays = parseSchedule({ name: 'b', schedule: '0 9 * * 1-5', function: 'f' }, 'x');
    expect(cronMatches(weekdays.cron!, new Date('2026-11-27T09:00:00Z'))).toBe(true); // a Friday
    expect(cronMatches(weekdays.cron!, new Date('2026-11-28T09:00:00Z'))).toBe(false); // Saturday
    expect(parseSchedule({ name: 'c', schedule: '30 seconds', function: 'f' }, 'x').everySeconds).toBe(30);
    expect(() => parseSchedule({ name: 'd', schedule: '61 * * * *', function: 'f' }, 'x')).toThrow(/out of range/);
    expect(() => parseSchedule({ name: 'e', schedule: '90 seconds', function: 'f' }, 'x')).toThrow(/1 to 59/);
  });

  it('reads .env lines with quotes, comments and export', () => {
    expect(parseDotEnv('# c\nA=1\nexport B="dois três"\nC=quatro # nota\nD=\'cinco\'\ninvalido\n')).toEqual({
      A: '1',
      B: 'dois três',
      C: 'quatro',
      D: 'cinco',
    });
  });
});
