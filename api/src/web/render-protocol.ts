// The messages between the API and its page renderer's process (page-renderer.ts,
// render-process.ts). Types only: the renderer's process imports no file of ours.
import type { FirstScreenInput, PublicConfig } from '@circo/shared-contracts';

/** A server bundle: `key` names its release; `code` is sent once per release the renderer lacks. */
export interface BundleCode {
  key: string;
  /** Where it came from (a path, or the URL it was fetched from), for messages and `require`. */
  file: string;
  code?: string;
}

export interface RenderRequest {
  id: number;
  /** The first-screen contract version the API speaks (FIRST_SCREEN_API). */
  api: number;
  shell: BundleCode;
  /** The page's remote, when its part is rendered on the server. */
  remote?: { name: string; bundle: BundleCode };
  input: FirstScreenInput & { config: PublicConfig };
}

export interface RenderReply {
  id: number;
  /** The page's markup; null: no first screen (the shell's bundle is missing or failed). */
  html: string | null;
  /** Whether a part of the page was left to the browser (a remote part failed or was missing). */
  partFailed: boolean;
  logs: Array<{ msg: string; err: string }>;
}
