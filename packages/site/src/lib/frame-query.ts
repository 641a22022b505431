import { queryHash, type StaticQuery } from '@ssg/cli/site';
import type { FrameData } from './page-data.ts';

export const FRAME_QUERY_ID = 'frame';

/**
 * The frame's static query as components read it: id and hash only. The selection from content
 * (src/queries.ts) runs at build time, so neither it nor the content code reaches the browser.
 */
export const frameQueryRef: StaticQuery<never, FrameData> = {
  id: FRAME_QUERY_ID,
  hash: queryHash(FRAME_QUERY_ID),
  select: () => {
    throw new Error('The frame query is selected at build time, in src/queries.ts.');
  },
};
