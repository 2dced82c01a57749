import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { fieldClasses } from './Input';

/** A native <select>, styled like the other fields (accessible and light). */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, children, ...props },
  ref,
) {
  return (
    <select ref={ref} className={cn(fieldClasses, 'h-10 pr-8', className)} {...props}>
      {children}
    </select>
  );
});
