// The build writes a client:only island's fallback once: Astro's template copy of it goes, nothing else does.
import { describe, expect, it } from 'vitest';
import { dropFallbackCopies } from '../../src/integrations/island-fallbacks';

const island = (content: string, template: string) =>
  `<astro-island uid="a" client="only" await-children>${content}<template data-astro-template="fallback">${template}</template><!--astro:end--></astro-island>`;
const FRAME = '<div data-screen-fallback=""><h1>Meus Projetos</h1><template data-fill-template="x"><li>x</li></template></div>';

describe('a cópia do fallback das ilhas client:only', () => {
  it('sai do HTML; o fallback pintado e o fim da ilha ficam', () => {
    const page = `<main>${island(FRAME, FRAME)}</main><p>depois</p>${island('<p>b</p>', '<p>b</p>')}`;
    expect(dropFallbackCopies(page)).toBe(
      `<main><astro-island uid="a" client="only" await-children>${FRAME}<!--astro:end--></astro-island></main><p>depois</p>` +
        '<astro-island uid="a" client="only" await-children><p>b</p><!--astro:end--></astro-island>',
    );
  });

  it('uma página sem ilhas, ou com outros templates, fica como está', () => {
    const page = `<main><template data-astro-template><p>filho</p></template>${FRAME}</main>`;
    expect(dropFallbackCopies(page)).toBe(page);
  });

  it('um template que não repete o fallback logo antes dele para o build', () => {
    expect(() => dropFallbackCopies(island('<p>a</p>', '<p>b</p>'))).toThrow(/not a copy/);
  });
});
