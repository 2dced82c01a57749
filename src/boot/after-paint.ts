// The module loader of a public page (integrations/public-pages.ts), run after parsing: once the first contentful
// paint is reported it loads the modules listed in its own `data-after-paint`, in order, then releases the events
// page-events.ts held (dropped if a module failed).
import { whenPainted } from './first-paint';

export function run(): void {
  const urls = document.querySelector<HTMLElement>('script[data-after-paint]')!.dataset.afterPaint!.split(' ');
  whenPainted(async () => {
    for (const href of urls) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    let ok = true;
    try {
      for (const u of urls) await import(/* @vite-ignore */ u);
    } catch (e) {
      ok = false;
      console.error(e);
    }
    window.__pageReady?.(ok);
  });
}
