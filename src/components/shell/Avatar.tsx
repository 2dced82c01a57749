import type { User } from '@supabase/supabase-js';
import { initialsFrom } from '../../lib/domain/initials';

/** The name shown for a user: full_name from their metadata, else their e-mail. */
export function displayName(user: User | null): string {
  const name = typeof user?.user_metadata?.full_name === 'string' ? user.user_metadata.full_name.trim() : '';
  return name || user?.email || '';
}

/** Initials of the full name (first and last word, whole graphemes), else the first character of the e-mail. */
export function initialsOf(user: User | null): string {
  const name = typeof user?.user_metadata?.full_name === 'string' ? user.user_metadata.full_name : '';
  return initialsFrom(name, user?.email);
}

/** Only http(s) and same-origin image URLs are used as avatars. */
function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function Avatar({ user, imageAllowed = true }: { user: User | null; imageAllowed?: boolean }) {
  const src = imageAllowed && typeof window !== 'undefined' ? safeImageUrl(user?.user_metadata?.avatar_url) : null;
  return (
    <span className="flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
      {src ? <img src={src} alt="" width={40} height={40} className="h-10 w-10 object-cover" /> : initialsOf(user)}
    </span>
  );
}
