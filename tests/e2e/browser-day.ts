// The browser of the e2e runs lives in São Paulo: a date the app shows is the day there, not on the test runner's
// clock (around midnight UTC the two differ).
export const BROWSER_TIME_ZONE = 'America/Sao_Paulo';

/** The date as the app shows it in the browser (dd/mm/aaaa, São Paulo time). */
export const browserDay = (when: string | number | Date) =>
  new Date(when).toLocaleDateString('pt-BR', { timeZone: BROWSER_TIME_ZONE });
