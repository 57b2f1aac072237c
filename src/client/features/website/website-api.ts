import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WEBSITE_MESSAGES, type TContentType } from '@shared/website';
import type {
  TBlogGenerationRequest,
  TBlogPost,
  TFeaturedImageRequest,
  TScheduleBlogPostRequest,
  TBlogPostList,
  TGeneratedContent,
  TGenerateLandingRequest,
  TGenerateLandingResponse,
  TLandingPage,
  TLandingPageList,
  TPublishResult,
  TSaveBlogPostRequest,
} from '@shared/schemas/website';
import { apiFetch, apiStream } from '@/lib/api';
import { websiteKeys } from '@/lib/query-keys';

// The website calls: blog generation and drafts, WordPress publishing, landing pages.

export function useBlogPosts() {
  return useQuery({
    queryKey: websiteKeys.blogPosts(),
    queryFn: ({ signal }) =>
      apiFetch<TBlogPostList>('/api/website/blog-posts', { signal, fallbackMessage: 'Could not load your posts.' }),
  });
}

/** Generates an article; `written` is the text so far while the model streams it. */
export function useGenerateContent() {
  const [written, setWritten] = useState('');
  const mutation = useMutation({
    mutationFn: ({ platform, form }: { platform: TContentType; form: TBlogGenerationRequest }) => {
      setWritten('');
      return apiStream<TGeneratedContent>(`/api/ai/generate-${platform}`, {
        body: { ...form, contentType: platform },
        onDelta: (text) => setWritten((so) => so + text),
        fallbackMessage: WEBSITE_MESSAGES.generationFailed.message,
      });
    },
  });
  return { ...mutation, written };
}

export function useSaveBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TSaveBlogPostRequest }) =>
      apiFetch<TBlogPost>(id ? `/api/website/blog-posts/${id}` : '/api/website/blog-posts', {
        method: id ? 'PUT' : 'POST',
        body,
        fallbackMessage: 'Could not save the draft. Please try again.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteKeys.blogPosts() }),
  });
}

export function usePublishBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'draft' | 'publish' }) =>
      apiFetch<TPublishResult>(`/api/website/blog-posts/${id}/publish`, {
        method: 'POST',
        body: { status },
        fallbackMessage: 'Could not publish to WordPress. Please try again.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteKeys.blogPosts() }),
  });
}

/** Schedules a publish (date and time in the business's time zone), or calls it off. */
export function useScheduleBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, when }: { id: string; when: TScheduleBlogPostRequest | null }) =>
      apiFetch<TBlogPost>(`/api/website/blog-posts/${id}/schedule`, {
        method: when ? 'POST' : 'DELETE',
        ...(when ? { body: when } : {}),
        fallbackMessage: when ? 'Could not schedule the post. Please try again.' : 'Could not cancel the schedule.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteKeys.blogPosts() }),
  });
}

/** Sets (or, with null, removes) the featured image. */
export function useFeaturedImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image }: { id: string; image: TFeaturedImageRequest | null }) =>
      apiFetch<TBlogPost>(`/api/website/blog-posts/${id}/featured-image`, {
        method: image ? 'PUT' : 'DELETE',
        ...(image ? { body: image } : {}),
        fallbackMessage: 'Could not save the image. Please try again.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteKeys.blogPosts() }),
  });
}

export function useLandingPages() {
  return useQuery({
    queryKey: websiteKeys.landingPages(),
    queryFn: ({ signal }) =>
      apiFetch<TLandingPageList>('/api/website/landing-pages', {
        signal,
        fallbackMessage: 'Could not load your landing pages.',
      }),
  });
}

export function useGenerateLandingPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TGenerateLandingRequest) =>
      apiFetch<TGenerateLandingResponse>('/api/ai/generate-landing-page', {
        method: 'POST',
        body,
        fallbackMessage: WEBSITE_MESSAGES.landingFailed.message,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteKeys.landingPages() }),
  });
}

export function usePublishLandingPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: boolean }) =>
      apiFetch<TLandingPage>(`/api/website/landing-pages/${id}/${publish ? 'publish' : 'unpublish'}`, {
        method: 'POST',
        fallbackMessage: 'Could not change the page. Please try again.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteKeys.landingPages() }),
  });
}
