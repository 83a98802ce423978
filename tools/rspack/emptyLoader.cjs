// A module with no code: what a stylesheet is in a server bundle (tools/rspack/createServerConfig.mjs).
module.exports = function emptyLoader() {
  return 'export {};';
};
