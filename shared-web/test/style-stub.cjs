// CSS imports in front-end tests: jsdom does not apply styles.
module.exports = {};
