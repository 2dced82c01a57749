import { useState } from 'react';
import type { User } from '@supabase/supabase-js';
import { cn } from '../ui/cn';
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

/** Only https image URLs are used as avatars (the rule the profiles table enforces). */
function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** The user's picture, or their initials when there is none or it fails to load. */
export function Avatar({ user }: { user: User | null }) {
  const src = typeof window !== 'undefined' ? safeImageUrl(user?.user_metadata?.avatar_url) : null;
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== null && failed !== src;
  return (
    <span className="flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
      {showImage ? (
        <img
          src={src}
          alt=""
          width={40}
          height={40}
          referrerPolicy="no-referrer"
          className="h-10 w-10 object-cover"
          data-testid="avatar-image"
          onError={() => setFailed(src)}
        />
      ) : (
        <span data-testid="avatar-initials">{initialsOf(user)}</span>
      )}
    </span>
  );
}

/** The sidebar's user card: avatar, name and role, as a link to 'Meu Perfil'. */
export function SidebarUserLink({ user, role, dark = false }: { user: User; role: string; dark?: boolean }) {
  return (
    <a
      href="/profile"
      title="Meu Perfil"
      className={cn(
        'flex min-w-0 flex-1 items-center gap-3 rounded-md outline-offset-2',
        dark ? 'hover:bg-slate-700/60' : 'hover:bg-slate-100',
      )}
    >
      <Avatar user={user} />
      <span className="min-w-0">
        <span className={cn('block truncate text-sm font-semibold', dark ? 'text-white' : 'text-slate-900')}>{displayName(user)}</span>
        <span className={cn('block text-xs', dark ? 'text-slate-400' : 'text-slate-500')}>{role}</span>
        <span className="sr-only">Meu Perfil</span>
      </span>
    </a>
  );
}
