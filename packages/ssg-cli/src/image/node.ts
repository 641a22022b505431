/**
 * `@ssg/cli/image/node`: the image service outside a build (a site's own tests, scripts): the
 * same one `ssg build` gives `loadContent` as `images`. Node only: it loads sharp.
 */
export {
  createImagePipeline as createImageService,
  type ImagePipeline,
  type PipelineOptions as ImageServiceOptions,
} from './pipeline.ts';
