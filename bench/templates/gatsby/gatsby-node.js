/** One template, one page per entry of pages.json (the page object is the page context). */
const fs = require('node:fs');
const path = require('node:path');

/**
 * @param {{ actions: { createPage(page: { path: string, component: string,
 *   context: import('../../generate.mjs').Page }): void } }} args
 */
exports.createPages = async ({ actions }) => {
  /** @type {import('../../generate.mjs').Page[]} */
  const pages = JSON.parse(fs.readFileSync(path.join(__dirname, 'pages.json'), 'utf8'));
  const component = path.resolve(__dirname, 'src/templates/page.js');
  for (const page of pages) {
    actions.createPage({ path: page.path, component, context: page });
  }
};
