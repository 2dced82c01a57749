// The profile form's values, kept per user in this tab until they are saved (passwords are never kept).
import { isRecord, sessionDraft, type DraftStore } from '../../lib/stores/drafts';
import type { ProfileFormValues } from '../../lib/domain/profile-rules';

function readProfileDraft(v: unknown): ProfileFormValues | null {
  if (!isRecord(v) || typeof v.full_name !== 'string' || typeof v.avatar_url !== 'string') return null;
  return { full_name: v.full_name, avatar_url: v.avatar_url };
}

export const profileDraft = (userId: string): DraftStore<ProfileFormValues> =>
  sessionDraft(`portal-ia:profile-draft:${userId}`, readProfileDraft);
