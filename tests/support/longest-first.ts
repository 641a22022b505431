import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const REPO = path.resolve(import.meta.dirname, '../..');

/**
 * Seconds each long test file took in the README's test command (clean clone of 96f28b9, quiet
 * machine, two files at a time); cli build tests from a later run, scaled to that run's 502 s.
 * Only the order matters: a file missing here runs after the listed ones of its group.
 */
export const EXPECTED_SECONDS: Readonly<Record<string, number>> = {
  'tests/package/stranger.test.ts': 150,
  'packages/ssg-cli/test/crash-safety.test.ts': 95,
  'tests/loader/faults.test.ts': 60,
  'packages/ssg-cli/test/incremental.test.ts': 58,
  'tests/host/csp.test.ts': 55,
  'tests/host/deploy.test.ts': 52,
  'packages/ssg-cli/test/published-files.test.ts': 46,
  'tests/site/frame.test.ts': 42,
  'tests/host/offline.test.ts': 37,
  'tests/site/phone-layout.test.ts': 35,
  'tests/site/axe.test.ts': 35,
  'packages/ssg-cli/test/patch-output.test.ts': 33,
  'tests/site/gallery-images.test.ts': 32,
  'tests/host/open-tabs.test.ts': 31,
  'packages/ssg-cli/test/serve-churn.test.ts': 31,
  'tests/host/deploy-load.test.ts': 30,
  'tests/site/hostile-content.test.ts': 24,
  'tests/site/proxied-script.test.ts': 22,
  'tests/host/redeploy.test.ts': 21,
  'tests/site/first-load-js.test.ts': 20,
  'packages/ssg-cli/test/imported-images.test.ts': 19,
  'packages/ssg-cli/test/cli.test.ts': 18,
  'tests/smoke/layout.test.ts': 17,
  'tests/host/security-headers.test.ts': 17,
  'tests/host/image-default-size.test.ts': 17,
  'tests/host/plain-http-origin.test.ts': 16,
  'tests/host/client-only-routes.test.ts': 16,
  'packages/ssg-cli/test/init.test.ts': 16,
  'tests/site/static-parts.test.ts': 16,
  'tests/docs/readme-examples.test.ts': 15,
  'packages/ssg-cli/test/script-policy.test.ts': 15,
  'packages/ssg-cli/test/static-parts-build.test.ts': 14,
  'packages/ssg-cli/test/collections-site.test.ts': 14,
  'tests/site/worker-script.test.ts': 14,
  'packages/ssg-cli/test/images.test.ts': 14,
  'tests/smoke/home.test.ts': 12,
  'packages/site/src/content/content-fuzz.test.tsx': 12,
  'packages/site/src/site.test.ts': 12,
  'tests/host/file-policy.test.ts': 11,
  'packages/ssg-cli/test/library.test.ts': 11,
  'tests/site/navigation.test.ts': 10,
  'packages/ssg-cli/test/site-files.test.ts': 10,
  'packages/ssg-cli/test/incremental-output.test.ts': 10,
  'tests/site/delayed-route.test.ts': 9,
  'tests/smoke/not-found.test.ts': 9,
  'packages/ssg-cli/test/precompress.test.ts': 9,
  'packages/ssg-cli/test/page-data-size.test.ts': 9,
  'packages/ssg-cli/test/bundle-process.test.ts': 9,
  'tests/docs/package-readmes.test.ts': 9,
};

/** A file's expected seconds from the table; 0 for a file not in it. */
export function expectedSeconds(moduleId: string): number {
  return EXPECTED_SECONDS[path.relative(REPO, moduleId)] ?? 0;
}

const groupOf = (file: TestSpecification) => file.project.config.sequence.groupOrder;

/**
 * Vitest's order on a clean clone (no results cache) is project by project in name order, larger
 * files first: a long file of a late project can start last and leave a core idle at the end of
 * its group. This one keeps the groups and starts the longest expected files first across the
 * projects of a group; ties (files not in the table) keep Vitest's order.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files);
    // Array.prototype.sort is stable: ties keep Vitest's order
    return vitestOrder.sort(
      (a, b) =>
        groupOf(a) - groupOf(b) || expectedSeconds(b.moduleId) - expectedSeconds(a.moduleId),
    );
  }
}
