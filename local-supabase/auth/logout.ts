// POST /logout: ends the caller's session (scope local), all their sessions (global, the default) or the others.
import type { ApiRequest, ApiResponse } from '../http.ts';
import { requireClaims } from './caller.ts';
import type { AuthContext } from './context.ts';
import { errors } from './errors.ts';

export async function handleLogout(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const claims = await requireClaims(req, ctx);
  const scope = req.query.get('scope') ?? 'global';
  const sid = claims.session_id ?? null;
  if (scope === 'global') {
    await ctx.pg.query(`delete from auth.sessions where user_id = $1`, [claims.sub]);
  } else if (scope === 'local') {
    if (sid) await ctx.pg.query(`delete from auth.sessions where id = $1`, [sid]);
  } else if (scope === 'others') {
    await ctx.pg.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`, [claims.sub, sid]);
  } else {
    throw errors.validation('Unsupported logout scope: use global, local or others');
  }
  return { status: 204, headers: {}, body: '' };
}
