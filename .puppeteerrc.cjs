// Browser tests use Debian's /usr/bin/chromium; never download a browser of puppeteer's own.
/** @type {import('puppeteer-core').Configuration} */
const config = { skipDownload: true };
module.exports = config;
