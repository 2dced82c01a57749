import { cloneElement, isValidElement, useId, type ReactElement } from 'react';
import { cn } from './cn';
import { Label } from './Label';

interface FormFieldProps {
  label: string;
  /** The control (Input, Textarea, Select): it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  error?: string | null;
  hint?: string;
  id?: string;
  className?: string;
}

/** A label, a control and its error message, tied together by ids. */
export function FormField({ label, children, error, hint, id, className }: FormFieldProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {control}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
