// The card every authentication screen sits in: an icon, a title, a description, the body and a footer.
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, description, icon, children, footer }: AuthCardProps) {
  return (
    <section aria-labelledby="auth-card-title" className="rounded-2xl border border-slate-200 bg-white/95 p-6 shadow-xl shadow-brand-900/5 backdrop-blur sm:p-8">
      {icon && (
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</div>
      )}
      <h1 id="auth-card-title" className="text-center text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      {description && <div className="mt-2 text-center text-sm leading-relaxed text-slate-600">{description}</div>}
      {children && <div className="mt-6">{children}</div>}
      {footer && <div className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">{footer}</div>}
    </section>
  );
}

/** A text link styled for the auth screens. */
export function AuthLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
      {children}
    </a>
  );
}

/** Placeholder shown while the page's session is being read. */
export function AuthLoading({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="flex justify-center rounded-2xl border border-slate-200 bg-white/95 p-12 shadow-xl">
      <span role="status" aria-label={label} className="block h-8 w-8 animate-spin rounded-full border-[3px] border-brand-600 border-t-transparent" />
    </div>
  );
}
