// The heading and subtitle of a client-area screen. The island draws it, and ScreenFallback draws the same component from
// the page's HTML until the island has rendered, so the text painted with the page and the island's never differ in look.
import type { Ref } from 'react';

interface ScreenTitleProps {
  title: string;
  subtitle?: string;
  /** The subtitle in the smaller size (text-sm) some screens use. */
  small?: boolean;
  /** For a screen that moves focus to its heading (then it is focusable by script, without an outline). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The screen's one h1 and its subtitle line. */
export function ScreenTitle({ title, subtitle, small = false, headingRef }: ScreenTitleProps) {
  return (
    <div className="min-w-0">
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl"
      >
        {title}
      </h1>
      {subtitle && <p className={small ? 'mt-1 text-sm text-slate-600' : 'mt-1 text-slate-600'}>{subtitle}</p>}
    </div>
  );
}
