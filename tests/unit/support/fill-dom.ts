// What the boot tests share to compare the generic filler's markup with React's, in happy-dom.
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FillTemplate } from '../../../src/components/ui/Shown';

/** A template as the page carries it: the component rendered once inside FillTemplate. */
export function fillTemplate<P extends object>(component: ComponentType<P>, props: P): HTMLTemplateElement {
  const t = document.createElement('template');
  t.innerHTML = renderToStaticMarkup(createElement(FillTemplate, null, createElement(component, props)));
  return t;
}

/** Markup with style attributes written the way the DOM writes them, so React's and the DOM's compare as equal. */
export function normal(el: Element): string {
  for (const s of el.querySelectorAll<HTMLElement>('[style]')) s.setAttribute('style', s.style.cssText);
  return el.outerHTML;
}
