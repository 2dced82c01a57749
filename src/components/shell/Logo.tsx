import { useState } from 'react';

interface LogoProps {
  inverted?: boolean;
  /** The agency's name from the settings; absent (not read yet) or the default name: the Portal IA wordmark. */
  name?: string | null;
  /** The agency's logo (an https:// address from the settings), shown before the name when set. */
  logoUrl?: string | null;
}

const DEFAULT_NAME = 'Portal IA';

/** The Portal IA wordmark (same mark as the favicon), or the agency's own logo and name once the settings are read. */
export function Logo({ inverted = false, name, logoUrl }: LogoProps) {
  const text = inverted ? 'text-lg text-white' : 'text-lg text-slate-900';
  // A logo address that does not load (gone, not an image) falls back to the wordmark's mark.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const image = logoUrl && logoUrl !== brokenUrl ? logoUrl : null;
  const custom = Boolean(logoUrl) || (name != null && name !== DEFAULT_NAME);
  return (
    <span className="inline-flex min-w-0 items-center gap-2 font-bold tracking-tight" data-testid="app-name">
      {image ? (
        <img
          src={image}
          alt=""
          className="h-8 w-8 shrink-0 rounded object-contain"
          referrerPolicy="no-referrer"
          onError={() => setBrokenUrl(image)}
        />
      ) : (
        <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="#1f47f5" />
          <path d="M9 22V10h6.5a4 4 0 0 1 0 8H12v4zm3-7h3.3a1.5 1.5 0 0 0 0-3H12z" fill="#fff" />
          <circle cx="23" cy="20" r="2.5" fill="#8eb6ff" />
        </svg>
      )}
      {custom ? (
        <span className={`${text} truncate`}>{name ?? DEFAULT_NAME}</span>
      ) : (
        <span className={text}>
          Portal <span className={inverted ? 'text-brand-300' : 'text-brand-600'}>IA</span>
        </span>
      )}
    </span>
  );
}
