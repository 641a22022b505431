// Real: the plan of which earlier builds' chunks a new output carries for open tabs and which it drops; faked: the old output's files, through the `copyable` predicate, no disk.
import { describe, expect, it } from 'vitest';
import { type BuildRecord, chunkPlan } from './keep-builds.ts';

const current: BuildRecord = {
  compilationHash: 'c3',
  files: ['_ssg/app-3.js', '_ssg/react-1.js', '_ssg/home-3.js'],
};
const previous: BuildRecord = {
  compilationHash: 'c2',
  files: ['_ssg/app-2.js', '_ssg/react-1.js', '_ssg/home-2.js', '_ssg/shared-1.js'],
};
const older: BuildRecord = {
  compilationHash: 'c1',
  files: ['_ssg/app-1.js', '_ssg/react-1.js', '_ssg/home-1.js', '_ssg/shared-1.js'],
};
const everyFile = () => true;

describe('kept chunks', () => {
  it("carries the previous build's chunks that this one lacks, and drops older builds' own", () => {
    const plan = chunkPlan(current, [previous, older], 2, everyFile);
    expect(plan.builds).toEqual([current, previous]);
    expect(plan.kept).toEqual(['_ssg/app-2.js', '_ssg/home-2.js', '_ssg/shared-1.js']);
    // react-1 is this build's, shared-1 is carried: neither is dropped
    expect(plan.dropped).toEqual(['_ssg/app-1.js', '_ssg/home-1.js']);
  });

  it('keeps as many builds as asked, this one included', () => {
    expect(chunkPlan(current, [previous, older], 1, everyFile)).toEqual({
      builds: [current],
      kept: [],
      dropped: [
        '_ssg/app-1.js',
        '_ssg/app-2.js',
        '_ssg/home-1.js',
        '_ssg/home-2.js',
        '_ssg/shared-1.js',
      ],
    });
    const three = chunkPlan(current, [previous, older], 3, everyFile);
    expect(three.builds).toEqual([current, previous, older]);
    expect(three.kept).toEqual([
      '_ssg/app-1.js',
      '_ssg/app-2.js',
      '_ssg/home-1.js',
      '_ssg/home-2.js',
      '_ssg/shared-1.js',
    ]);
    expect(three.dropped).toEqual([]);
  });

  it('counts a build of the same compilation hash once: a rebuild does not push out the previous one', () => {
    const sameAgain: BuildRecord = { compilationHash: 'c3', files: ['_ssg/app-3.js'] };
    const plan = chunkPlan(current, [sameAgain, previous, older], 2, everyFile);
    expect(plan.builds).toEqual([current, previous]);
    expect(plan.kept).toContain('_ssg/app-2.js');
  });

  it('never carries a file outside the chunks folder from a tampered record', () => {
    const tampered: BuildRecord = {
      compilationHash: 'c2',
      files: ['index.html', '_ssg/../.env', '_ssg/x/../../secret', '/etc/passwd', '_ssg/ok.js'],
    };
    expect(chunkPlan(current, [tampered], 2, everyFile).kept).toEqual(['_ssg/ok.js']);
  });

  it('carries only what the old output still holds as a file', () => {
    const asked: string[] = [];
    const plan = chunkPlan(current, [previous], 2, (file) => {
      asked.push(file);
      return file !== '_ssg/home-2.js';
    });
    expect(plan.kept).toEqual(['_ssg/app-2.js', '_ssg/shared-1.js']);
    // this build's own chunks are never looked for in the old output
    expect(asked).not.toContain('_ssg/react-1.js');
  });

  it('starts a record from this build alone when there was none', () => {
    expect(chunkPlan(current, [], 2, everyFile)).toEqual({
      builds: [current],
      kept: [],
      dropped: [],
    });
  });
});
