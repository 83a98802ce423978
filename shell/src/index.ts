// The async boundary lets Module Federation negotiate the shared singletons before any of them runs.
// It starts in a task of its own: the evaluation of this bundle (the runtime's start) and the
// negotiation are each shorter than one long task (50 ms) on a slow phone, not one task together.
setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
