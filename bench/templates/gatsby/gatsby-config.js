/** Synthetic benchmark site: no plugins, so the figures measure Gatsby's own pipeline. */
module.exports = {
  siteMetadata: { title: 'Bench' },
  plugins: [],
};
