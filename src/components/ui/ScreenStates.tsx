// What a detail screen shows around its content: the link back to its list, the spinner while its row loads, and the
// panel in place of a row that does not exist (or is not the reader's) or could not be read.
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { buttonClasses } from './Button';
import { Spinner } from './Spinner';

export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {label}
    </a>
  );
}

export function ScreenLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} />
    </div>
  );
}

export function ScreenUnavailable({ title, message, back }: { title: string; message: string; back: { href: string; label: string } }) {
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 break-words text-sm text-slate-600">{message}</p>
      <a href={back.href} className={buttonClasses('default', 'default', 'mt-6')}>
        {back.label}
      </a>
    </div>
  );
}
