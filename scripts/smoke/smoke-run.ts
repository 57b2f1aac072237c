import { readChecks, type SmokeContext } from './smoke-checks.ts';
import { postChecks } from './smoke-posts.ts';

export interface SmokeOptions {
  /** Also publish a test post to each connected network and delete it again. */
  post: boolean;
  /** The image Instagram's test post shows (Instagram takes no post without one). */
  imageUrl: string | null;
}

/** The whole check, its last line the counts; answers the exit code: 0 when no call failed. */
export async function runSmoke(ctx: SmokeContext, options: SmokeOptions): Promise<number> {
  await readChecks(ctx);
  if (options.post) await postChecks(ctx, options.imageUrl);
  ctx.report.line(ctx.report.summary());
  return ctx.report.failed > 0 ? 1 : 0;
}
