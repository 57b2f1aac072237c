import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The QueryClient handed to <App> (tests pass a fresh one), kept without importing TanStack
 * Query into the entry chunk; query-scope.tsx provides it to the pages that use queries.
 */
export const QueryClientSlot = createContext<QueryClient | undefined>(undefined);
