// The 'Geral' settings form's values while they are not saved, kept per user: a failed save (or a reload before one)
// brings back what was typed instead of the stored values.
import type { SettingsFormValues } from '../../lib/domain/settings-rules';
import { isRecord, sessionDraft, type DraftStore } from '../../lib/stores/drafts';

function readSettingsDraft(v: unknown): SettingsFormValues | null {
  if (!isRecord(v)) return null;
  const { app_name, logo_url, admin_email, contact_email } = v;
  if (typeof app_name !== 'string' || typeof logo_url !== 'string' || typeof admin_email !== 'string') return null;
  // A draft kept before the contact e-mail existed brings back the other fields.
  return { app_name, logo_url, admin_email, contact_email: typeof contact_email === 'string' ? contact_email : '' };
}

export const settingsDraft = (userId: string): DraftStore<SettingsFormValues> =>
  sessionDraft(`portal-ia:settings-draft:${userId}`, readSettingsDraft);
