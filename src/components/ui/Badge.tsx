// The one badge: a small rounded label. `tone` picks a colour of the palette; `colors` takes the classes an entity's
// rules give for a value (status, priority), drawn with a border on one line unless `outlined` is false.
import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type BadgeTone = 'gray' | 'blue' | 'green' | 'yellow' | 'red' | 'purple' | 'orange';

const tones: Record<BadgeTone, string> = {
  gray: 'bg-slate-100 text-slate-700',
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  red: 'bg-red-100 text-red-800',
  purple: 'bg-purple-100 text-purple-800',
  orange: 'bg-orange-100 text-orange-800',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** Colour classes from an entity's rules (e.g. 'border-green-200 bg-green-50 text-green-800'); wins over `tone`. */
  colors?: string;
  /** With `colors`: a 1 px border and no line break (the default). */
  outlined?: boolean;
}

export function Badge({ tone = 'gray', colors, outlined = true, className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        colors ? cn(outlined && 'whitespace-nowrap border', colors) : tones[tone],
        className,
      )}
      {...props}
    />
  );
}
