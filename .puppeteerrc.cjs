// Browser tests use Debian's /usr/bin/chromium; never download a browser of puppeteer's own.
module.exports = { skipDownload: true };
