/** What a page starts once it has painted: `<script type="application/json" id="___ssg-boot">`. */
export interface BootData {
  /** The client entry (React, the runtime, the loader). */
  entry: string;
  /** JS the page needs at once besides the entry: its component's chunks and their imports. */
  modules: string[];
  /** app-data, the page's page-data, its static queries and slices. */
  data: string[];
}
