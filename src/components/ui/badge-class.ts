// The one badge's classes (Badge.tsx draws them; a row's fill values compute them for a badge whose colours vary).
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

export interface BadgeLook {
  tone?: BadgeTone;
  /** Colour classes from an entity's rules (e.g. 'border-green-200 bg-green-50 text-green-800'); wins over `tone`. */
  colors?: string;
  /** With `colors`: a 1 px border and no line break (the default). */
  outlined?: boolean;
  className?: string;
}

export function badgeClass({ tone = 'gray', colors, outlined = true, className }: BadgeLook): string {
  return cn(
    'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
    colors ? cn(outlined && 'whitespace-nowrap border', colors) : tones[tone],
    className,
  );
}
