/** The Portal IA wordmark (same mark as the favicon). */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-bold tracking-tight">
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1f47f5" />
        <path d="M9 22V10h6.5a4 4 0 0 1 0 8H12v4zm3-7h3.3a1.5 1.5 0 0 0 0-3H12z" fill="#fff" />
        <circle cx="23" cy="20" r="2.5" fill="#8eb6ff" />
      </svg>
      <span className={inverted ? 'text-lg text-white' : 'text-lg text-slate-900'}>
        Portal <span className={inverted ? 'text-brand-300' : 'text-brand-600'}>IA</span>
      </span>
    </span>
  );
}
