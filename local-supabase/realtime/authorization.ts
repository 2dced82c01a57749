// Realtime Authorization for private channels (`config: { private: true }`), decided as Supabase Realtime decides it:
// in a transaction that is always rolled back, with the subscriber's role and claims and `realtime.topic` set to the
// channel's name, a row of realtime.messages per extension is written by the server and read back through the
// subscriber's SELECT policies (read), and the subscriber itself tries to insert one per extension (write).
// Reading broadcast is what joining needs; presence needs its own read (to see others) and write (to track).
import type { PGlite } from '@electric-sql/pglite';
import { actAs } from './access.ts';

export interface ChannelPolicies {
  broadcastRead: boolean;
  broadcastWrite: boolean;
  presenceRead: boolean;
  presenceWrite: boolean;
}

const ALL: ChannelPolicies = { broadcastRead: true, broadcastWrite: true, presenceRead: true, presenceWrite: true };
const ROLLBACK = Symbol('rollback');

/** The answer Realtime gives a join the policies refuse. */
export const readRefusal = (subTopic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;

export async function channelPolicies(pg: PGlite, claims: Record<string, unknown> & { role: string }, subTopic: string): Promise<ChannelPolicies> {
  const { rows } = await pg.query<{ bypass: boolean }>(`select rolbypassrls as bypass from pg_roles where rolname = $1`, [claims.role]);
  if (rows.length === 0) return { broadcastRead: false, broadcastWrite: false, presenceRead: false, presenceWrite: false };
  if (rows[0].bypass) return ALL;
  let result: ChannelPolicies | null = null;
  await pg
    .transaction(async (tx) => {
      const written = await tx.query<{ id: string; extension: string }>(
        `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true)
         returning id, extension`,
        [subTopic],
      );
      await actAs(tx, claims.role, claims);
      await tx.query(`select set_config('realtime.topic', $1, true)`, [subTopic]);
      const seen = await tx.query<{ extension: string }>(
        `select extension from realtime.messages where topic = $1 and id = any($2::uuid[])`,
        [subTopic, written.rows.map((r) => r.id)],
      );
      const read = new Set(seen.rows.map((r) => r.extension));
      const canInsert = async (extension: string) => {
        await tx.query('savepoint realtime_write_check');
        try {
          await tx.query(`insert into realtime.messages (topic, extension, private) values ($1, $2, true)`, [subTopic, extension]);
          return true;
        } catch (err) {
          if ((err as { code?: string }).code !== '42501') throw err;
          return false;
        } finally {
          await tx.query('rollback to savepoint realtime_write_check');
        }
      };
      result = {
        broadcastRead: read.has('broadcast'),
        presenceRead: read.has('presence'),
        broadcastWrite: await canInsert('broadcast'),
        presenceWrite: await canInsert('presence'),
      };
      throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });
  return result!;
}

/** A private channel's policies, or the reason its join (or its new token) is refused, in Realtime's words. */
export async function authorizeChannel(
  pg: PGlite,
  claims: Record<string, unknown> & { role: string },
  subTopic: string,
  log: (line: string) => void,
): Promise<ChannelPolicies | string> {
  try {
    const policies = await channelPolicies(pg, claims, subTopic);
    return policies.broadcastRead ? policies : readRefusal(subTopic);
  } catch (err) {
    const message = (err as Error)?.message ?? String(err);
    log(`realtime: authorization of ${subTopic} failed: ${message}`);
    return `RlsPolicyError: ${message}`;
  }
}
