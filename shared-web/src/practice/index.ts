export { ClipPlayer, type ClipPlayerProps } from './ClipPlayer';
export { DrawingLayer, type FrameSize } from './DrawingLayer';
export { CommentList } from './CommentList';
export { ClassBeside } from './ClassBeside';
