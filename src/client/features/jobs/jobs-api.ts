import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateJobRequest, TJob, TJobPage, TJobPhoto, TProposal, TProposalList } from '@shared/schemas/work';
import type { TPhotoStage, TProposalKind } from '@shared/work';
import { ApiError, apiFetch } from '@/lib/api';
import { jobKeys } from '@/lib/query-keys';

// Finished jobs (issue 36): the list, Add job, the photo upload and "Share this job"'s proposals.

export function useJobPages() {
  return useInfiniteQuery({
    queryKey: jobKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<TJobPage>(pageParam ? `/api/jobs?cursor=${encodeURIComponent(pageParam)}` : '/api/jobs', {
        signal,
        fallbackMessage: 'Could not load your jobs.',
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateJobRequest) =>
      apiFetch<TJob>('/api/jobs', {
        method: 'POST',
        body,
        fallbackMessage: 'Could not add the job. Please try again.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.list() }),
  });
}

export function useProposals(jobId: string) {
  return useQuery({
    queryKey: jobKeys.proposals(jobId),
    queryFn: ({ signal }) =>
      apiFetch<TProposalList>(`/api/jobs/${encodeURIComponent(jobId)}/proposals`, {
        signal,
        fallbackMessage: 'Could not load this job.',
      }),
  });
}

/** Approve (with the edited content) or skip one proposal; the card is replaced by the answer. */
export function useDecide(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      action,
      content,
    }: {
      kind: TProposalKind;
      action: 'approve' | 'skip';
      content?: Record<string, unknown>;
    }) =>
      apiFetch<TProposal>(`/api/jobs/${encodeURIComponent(jobId)}/proposals/${kind}/${action}`, {
        method: 'POST',
        body: action === 'approve' ? { content } : {},
        fallbackMessage: 'That did not go through. Please try again.',
      }),
    onSuccess: (proposal) => {
      queryClient.setQueryData<TProposalList>(jobKeys.proposals(jobId), (list) =>
        list ? { ...list, proposals: list.proposals.map((p) => (p.kind === proposal.kind ? proposal : p)) } : list,
      );
      // The list shows the job's public address once the page is approved.
      void queryClient.invalidateQueries({ queryKey: jobKeys.list() });
    },
  });
}

/**
 * One photo to POST /api/jobs/:id/photos under its stage's field. XMLHttpRequest, not fetch, for
 * the upload's progress (0–1); rejects with an ApiError carrying the server's message.
 */
export function uploadPhoto(
  jobId: string,
  file: Blob,
  stage: TPhotoStage,
  onProgress: (share: number) => void,
): Promise<TJobPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/jobs/${encodeURIComponent(jobId)}/photos`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload stopped: check your connection and try again.'));
    xhr.onload = () => {
      let body: { photos?: TJobPhoto[]; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON: the status says enough
      }
      const photo = body.photos?.[0];
      if (xhr.status >= 200 && xhr.status < 300 && photo) resolve(photo);
      else reject(new ApiError(xhr.status, body.message ?? `The upload failed (${xhr.status}). Please try again.`));
    };
    const form = new FormData();
    form.append(stage, file, file instanceof File ? file.name : 'photo.jpg');
    xhr.send(form);
  });
}
