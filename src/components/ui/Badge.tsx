// The one badge: a small rounded label. `tone` picks a colour of the palette; `colors` takes the classes an entity's
// rules give for a value (status, priority), drawn with a border on one line unless `outlined` is false.
import type { HTMLAttributes } from 'react';
import { badgeClass, type BadgeLook } from './badge-class';

export type { BadgeTone } from './badge-class';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement>, BadgeLook {}

export function Badge({ tone, colors, outlined, className, ...props }: BadgeProps) {
  return <span className={badgeClass({ tone, colors, outlined, className })} {...props} />;
}
