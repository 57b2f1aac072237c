import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConnectionTestResult, TSettings, TSettingsSection, TTestableSection } from '@shared/schemas/settings';
import { apiFetch } from '@/lib/api';
import { registrarKeys, reviewKeys, settingsKeys } from '@/lib/query-keys';

// The settings vault (/api/settings): what a config form reads, saves, removes and tests.

/** GET /api/settings: every section with its non-secret values and masked secret states. */
export function useSettings(enabled = true) {
  return useQuery({
    queryKey: settingsKeys.config(),
    queryFn: () => apiFetch<TSettings>('/api/settings', { fallbackMessage: 'Could not load your settings.' }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * PUT /api/settings/{section}. An empty secret in the body keeps the stored one. The answer is
 * the whole ZSettings (new masks and badges); branding and the registrar's domain list depend on
 * what was saved, so they refresh too.
 */
export function useSaveSettings<B>(section: TSettingsSection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      apiFetch<TSettings>(`/api/settings/${section}`, {
        method: 'PUT',
        body,
        fallbackMessage: 'Your settings could not be saved. Please try again.',
      }),
    onSuccess: (settings) => refreshAfterChange(queryClient, section, settings),
  });
}

/** DELETE /api/settings/{section}: forgets the section, secrets included. */
export function useRemoveSettings(section: TSettingsSection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<TSettings>(`/api/settings/${section}`, {
        method: 'DELETE',
        fallbackMessage: 'The configuration could not be removed. Please try again.',
      }),
    onSuccess: (settings) => refreshAfterChange(queryClient, section, settings),
  });
}

function refreshAfterChange(
  queryClient: ReturnType<typeof useQueryClient>,
  section: TSettingsSection,
  settings: TSettings,
) {
  queryClient.setQueryData(settingsKeys.config(), settings);
  const refreshes: Promise<void>[] = [];
  if (section === 'white-label') refreshes.push(queryClient.invalidateQueries({ queryKey: settingsKeys.branding() }));
  if (section === 'registrar') refreshes.push(queryClient.invalidateQueries({ queryKey: registrarKeys.all }));
  // The Reviews page's search and Demo Data badge follow the business's own Places key.
  if (section === 'places') refreshes.push(queryClient.invalidateQueries({ queryKey: reviewKeys.all }));
  return Promise.all(refreshes);
}

/** POST /api/settings/{section}/test: a real call with the stored credentials, answered in plain English. */
export function useConnectionTest(section: TTestableSection) {
  return useMutation({
    mutationFn: () =>
      apiFetch<TConnectionTestResult>(`/api/settings/${section}/test`, {
        method: 'POST',
        fallbackMessage: 'The connection test could not run. Please try again.',
      }),
  });
}
