// The captured changes waiting in local_supabase.realtime_changes (filled by the publication's triggers in the
// committing transaction): drained in commit order, 200 at a time, one drain at a time; a notification that arrives
// while draining makes the drain go round once more.
import type { PGlite } from '@electric-sql/pglite';
import type { Change } from './channel.ts';

export class ChangeQueue {
  private draining: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly pg: PGlite,
    private readonly deliver: (changes: Change[]) => Promise<void>,
    private readonly log: (line: string) => void,
  ) {}

  /** Resolves once every change committed so far has been delivered. */
  drain(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        await this.drainOnce();
      } while (this.again && !this.closed);
    })().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.draining?.catch(() => {});
  }

  private async drainOnce(): Promise<void> {
    for (;;) {
      const { rows } = await this.pg.query<Change>(
        `with d as (
           delete from local_supabase.realtime_changes
            where id in (select id from local_supabase.realtime_changes order by id limit 200)
           returning *)
         select * from d order by id`,
      );
      if (rows.length === 0) return;
      try {
        await this.deliver(rows);
      } catch (err) {
        this.log(`realtime: delivery failed: ${(err as Error)?.stack ?? err}`);
      }
    }
  }
}
