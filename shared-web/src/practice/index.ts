// The clip player of practice feedback, imported by path by the two remotes that show
// clips: it uses React, react-i18next and shared-contracts only (no shared-web store), so each
// remote bundles its own copy and the pages that show no clip do not load it.
export { ClipPlayer, clipMedia, type ClipPlayerProps } from './ClipPlayer';
export { DrawingLayer, type FrameSize } from './DrawingLayer';
export { CommentList } from './CommentList';
export { ClassBeside } from './ClassBeside';
export { useClipMoments } from './useClipMoments';
export { usePlayThrough, noteCrossed, type PlayThroughSettings } from './usePlayThrough';
