import type { ModuleJob } from '#server/jobs/module-job.ts';
import { SEND_REPLY_JOB, conversationsDeps } from './conversations.service.ts';
import { sendReply, ZSendReplyJob } from './reply-send.ts';

/** Background work of conversations: texting an owner's reply or a missed call's text-back. */
export const conversationJobs: ModuleJob[] = [
  {
    name: SEND_REPLY_JOB,
    retryLimit: 3,
    expireInSeconds: 60,
    // A reply is waited for by a person looking at the thread: asked for often.
    pollingIntervalSeconds: 0.5,
    async handler(data, ctx) {
      const outcome = await sendReply(conversationsDeps(ctx.services), ZSendReplyJob.parse(data));
      ctx.log.info({ jobId: ctx.jobId, outcome }, 'conversation text sent');
    },
  },
];
