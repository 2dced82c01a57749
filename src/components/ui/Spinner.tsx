import { cn } from './cn';

interface SpinnerProps {
  className?: string;
  /** Accessible name; the spinner is announced as a status. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-[3px]', lg: 'h-12 w-12 border-4' };

/** A round spinner with an accessible label ('Carregando...' by default). */
export function Spinner({ className, label = 'Carregando...', size = 'md' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block', className)}>
      <span
        aria-hidden="true"
        className={cn('block animate-spin rounded-full border-brand-600 border-t-transparent', sizes[size])}
      />
    </span>
  );
}
