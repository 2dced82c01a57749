import { mailtoHref, telHref } from '../../lib/domain/client-rules';
import { cn } from '../ui/cn';

const linkClass = 'text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]';

/** An e-mail as a mailto link when it is a plain address; otherwise the text alone. */
export function EmailLink({ email, className }: { email: string | null | undefined; className?: string }) {
  if (!email) return <span className="text-slate-500">—</span>;
  const href = mailtoHref(email);
  return href ? (
    <a href={href} className={cn(linkClass, className)}>
      {email}
    </a>
  ) : (
    <span className={cn('[overflow-wrap:anywhere]', className)}>{email}</span>
  );
}

/** A phone as a tel link when it looks like a phone number; otherwise the text alone. */
export function PhoneLink({ phone, className }: { phone: string | null | undefined; className?: string }) {
  if (!phone) return <span className="text-slate-500">—</span>;
  const href = telHref(phone);
  return href ? (
    <a href={href} className={cn(linkClass, 'whitespace-nowrap', className)}>
      {phone}
    </a>
  ) : (
    <span className={cn('[overflow-wrap:anywhere]', className)}>{phone}</span>
  );
}
