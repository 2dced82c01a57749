// The portal's general settings (one row of app_settings): every signed-in user reads it, only admins change it (the
// database's row-level security decides; a write by anyone else changes nothing and is reported as refused).
import { supabase } from './supabase';
import { DataError, run, toDataError } from './data-errors';
import type { AppSettingsInput } from '../domain/settings-rules';

export interface AppSettings extends AppSettingsInput {
  updated_at: string;
}

const SETTINGS_COLUMNS = 'app_name,logo_url,admin_email,contact_email,updated_at';

/** The settings row. */
export async function getAppSettings(): Promise<AppSettings> {
  const { data, error, status } = await run(() => supabase.from('app_settings').select(SETTINGS_COLUMNS).single());
  if (error) throw toDataError(error, status, 'Não foi possível carregar as configurações.');
  return data;
}

export const SETTINGS_FORBIDDEN = 'Somente administradores podem alterar as configurações.';

/**
 * Saves the values and returns the row as stored (trimmed by the database). A refusal by the database's rules
 * keeps its pt-BR message (code 23514); a caller who may not write gets a DataError with code 42501.
 */
export async function updateAppSettings(input: AppSettingsInput): Promise<AppSettings> {
  const { data, error, status } = await run(() =>
    supabase
      .from('app_settings')
      .update({ app_name: input.app_name, logo_url: input.logo_url, admin_email: input.admin_email, contact_email: input.contact_email })
      .eq('id', true)
      .select(SETTINGS_COLUMNS),
  );
  if (error) throw toDataError(error, status, 'Não foi possível salvar as configurações.');
  const row = data?.[0];
  // Row-level security hides the row from an update by anyone but an admin: nothing was written.
  if (!row) throw new DataError(SETTINGS_FORBIDDEN, '42501', 403);
  return row;
}
