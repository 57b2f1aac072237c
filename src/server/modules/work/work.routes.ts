import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JOB_PHOTO_LIMIT,
  JOB_PHOTO_MAX_BYTES,
  WORK_MESSAGES,
  ZApproveRequest,
  ZCreateJobRequest,
  ZJob,
  ZJobListQuery,
  ZJobPage,
  ZJobPhotoForm,
  ZJobPhotos,
  ZProposal,
  ZProposalList,
  ZProposalParams,
} from '#shared/schemas/work.ts';
import { AppError } from '#server/errors.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import { deletePhoto, storePhotos, type IncomingPhoto } from './job-photos.ts';
import { approveProposal, listProposals, skipProposal } from './job-proposals.service.ts';
import { createJob, jobRowOr404, listJobs, workDeps } from './work.service.ts';

const ZJobParams = z.object({ id: z.string().max(100) });
const ZPhotoParams = ZJobParams.extend({ photoId: z.uuid('Photo was not found.') });

/** The multipart plugin's refusals, in the API's words. */
function uploadError(err: unknown): AppError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large', WORK_MESSAGES.photoTooLarge);
  if (code === 'FST_FILES_LIMIT') return new AppError('payload_too_large', WORK_MESSAGES.tooManyPhotos);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return new AppError('bad_request', 'The upload holds more than photos; send only the photo files.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('unsupported_media_type', WORK_MESSAGES.notMultipart);
  if (err instanceof Error && !(err instanceof AppError) && !code)
    return new AppError('bad_request', 'The upload was cut off or malformed; please try again.');
  return null;
}

/** Every file of the form, each under the field named for its stage (checked by the service). */
async function readPhotos(request: FastifyRequest): Promise<IncomingPhoto[]> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', WORK_MESSAGES.notMultipart);
  const photos: IncomingPhoto[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') photos.push({ stage: part.fieldname, data: await part.toBuffer() });
    }
  } catch (err) {
    throw uploadError(err) ?? err;
  }
  return photos;
}

/**
 * Finished jobs (issue 36): POST/GET /api/jobs, a job's photos (multipart) and "Share this job"'s
 * proposals. Every member may add jobs and share them, as every member may post and ask for reviews.
 */
export const workRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = workDeps(app.deps);
  const auth = { preValidation: requireAuth };
  await app.register(multipart, {
    limits: { fileSize: JOB_PHOTO_MAX_BYTES, files: JOB_PHOTO_LIMIT, fields: 10, parts: JOB_PHOTO_LIMIT + 10 },
  });

  app.post(
    '/jobs',
    { ...auth, config: { errors: ['conflict'] }, schema: { body: ZCreateJobRequest, response: { 201: ZJob } } },
    async (request, reply) => reply.code(201).send(await createJob(deps, authOf(request), request.body)),
  );

  app.get('/jobs', { ...auth, schema: { querystring: ZJobListQuery, response: { 200: ZJobPage } } }, async (request) =>
    listJobs(deps, authOf(request), request.query),
  );

  app.post(
    '/jobs/:id/photos',
    {
      ...auth,
      config: { errors: ['bad_gateway'] },
      schema: {
        params: ZJobParams,
        consumes: ['multipart/form-data'],
        body: ZJobPhotoForm,
        response: { 201: ZJobPhotos },
      },
      // The body is a multipart stream the handler reads; the schema above only describes it.
      validatorCompiler: (req) =>
        req.httpPart === 'body'
          ? () => ({ value: undefined })
          : validatorCompiler(req as unknown as Parameters<typeof validatorCompiler>[0]),
    },
    async (request, reply) => {
      const ctx = authOf(request);
      const job = await jobRowOr404(deps, ctx.tenantId, request.params.id);
      const photos = await storePhotos(deps, ctx.tenantId, job.id, await readPhotos(request));
      return reply.code(201).send({ photos });
    },
  );

  app.delete(
    '/jobs/:id/photos/:photoId',
    { ...auth, config: { errors: ['bad_gateway'] }, schema: { params: ZPhotoParams } },
    async (request, reply) => {
      const ctx = authOf(request);
      const job = await jobRowOr404(deps, ctx.tenantId, request.params.id);
      await deletePhoto(deps, ctx.tenantId, job.id, request.params.photoId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/jobs/:id/proposals',
    { ...auth, schema: { params: ZJobParams, response: { 200: ZProposalList } } },
    async (request) => listProposals(deps, authOf(request), request.params.id),
  );

  app.post(
    '/jobs/:id/proposals/:kind/approve',
    {
      ...auth,
      config: { errors: ['conflict', 'payment_required'] },
      schema: { params: ZProposalParams, body: ZApproveRequest, response: { 200: ZProposal } },
    },
    async (request) =>
      approveProposal(deps, authOf(request), request.params.id, request.params.kind, request.body.content),
  );

  app.post(
    '/jobs/:id/proposals/:kind/skip',
    { ...auth, config: { errors: ['conflict'] }, schema: { params: ZProposalParams, response: { 200: ZProposal } } },
    async (request) => skipProposal(deps, authOf(request), request.params.id, request.params.kind),
  );
};
