import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { fieldClasses } from './Input';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(fieldClasses, 'min-h-[5rem] py-2', className)} {...props} />;
});
