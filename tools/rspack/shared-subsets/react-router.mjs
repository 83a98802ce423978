// The same part of the router, shared under the name `react-router` too: builds made before the
// router was shared in part list `react-router` as a singleton (release:check wants the shell to
// provide it). A module of its own, because a module is provided under one share key only.
export * from './react-router-dom.mjs';
