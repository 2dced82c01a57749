// Initials for an avatar: whole grapheme clusters (what a reader sees as one character), so a name starting with an
// emoji, a flag or a letter with combining marks never shows half a character.

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('pt-BR', { granularity: 'grapheme' }) : null;

/** The first grapheme cluster of `word` ('' for an empty word). */
export function firstGrapheme(word: string): string {
  if (!word) return '';
  if (segmenter) {
    for (const { segment } of segmenter.segment(word)) return segment;
  }
  // Without Intl.Segmenter: a whole code point and the combining marks, variation selectors and joined parts after it.
  return word.match(/^(?:\p{Regional_Indicator}{2}|\P{M}(?:\p{M}|\uFE0F|\u200D\P{M})*)/u)?.[0] ?? [...word][0] ?? '';
}

/**
 * The initials of a full name (first grapheme of the first and of the last word, upper-cased), else the first grapheme
 * of the e-mail, else '?'.
 */
export function initialsFrom(fullName: string | null | undefined, email: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const first = firstGrapheme(words[0]);
    const last = words.length > 1 ? firstGrapheme(words[words.length - 1]) : '';
    return (first + last).toLocaleUpperCase('pt-BR');
  }
  return firstGrapheme((email ?? '').trim()).toLocaleUpperCase('pt-BR') || '?';
}
