/** The id of the page's `<main>`: the skip link's target, and what the first paint waits for. */
export const MAIN_ID = 'conteudo';
