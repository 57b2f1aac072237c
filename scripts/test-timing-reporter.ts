// A Vitest reporter that keeps, per project, when its first file started and its last ended
// and how long its files ran in all, so `npm test` can print a wall-time table and the slowest
// files. It writes .tmp/vitest-timing.json; it prints nothing itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface ProjectTiming {
  files: number;
  /** Milliseconds from the project's first file starting to its last ending. */
  wallMs: number;
  /** The files' own durations added up (more than wallMs when files ran side by side). */
  fileMs: number;
}

export interface TimingReport {
  projects: Record<string, ProjectTiming>;
  slowest: { project: string; file: string; ms: number }[];
}

export const timingFile = path.join('.tmp', 'vitest-timing.json');

export default class TimingReporter implements Reporter {
  private started = new Map<string, number>();
  private spans = new Map<string, { first: number; last: number; files: number; fileMs: number }>();
  private files: TimingReport['slowest'] = [];

  onTestModuleStart(module: TestModule): void {
    this.started.set(`${module.project.name}\0${module.moduleId}`, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const project = module.project.name;
    const now = performance.now();
    const start = this.started.get(`${project}\0${module.moduleId}`) ?? now;
    const span = this.spans.get(project) ?? { first: start, last: now, files: 0, fileMs: 0 };
    span.first = Math.min(span.first, start);
    span.last = Math.max(span.last, now);
    span.files += 1;
    span.fileMs += now - start;
    this.spans.set(project, span);
    this.files.push({ project, file: path.relative(process.cwd(), module.moduleId), ms: now - start });
  }

  onTestRunEnd(): void {
    const projects: TimingReport['projects'] = {};
    for (const [name, s] of this.spans) projects[name] = { files: s.files, wallMs: s.last - s.first, fileMs: s.fileMs };
    const slowest = [...this.files].sort((a, b) => b.ms - a.ms).slice(0, 8);
    mkdirSync(path.dirname(timingFile), { recursive: true });
    writeFileSync(timingFile, JSON.stringify({ projects, slowest } satisfies TimingReport, null, 2));
  }
}
