// The one rule that compiles the apps' TypeScript and JSX with Rspack's built-in SWC loader, for
// the browser builds (createAppConfig.mjs) and the server bundles (createServerConfig.mjs) alike.

/** `development`: React's development JSX; `targets`: the browserslist-style targets to compile for. */
export const swcRule = ({ development, targets }) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development } },
    },
    env: { targets },
  },
  type: 'javascript/auto',
});
